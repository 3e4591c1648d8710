import type { Call } from "./support";
import { BAD_NUMBERS, JUNK_IDS, LONE, NUL, hostileWrites, type Case } from "./hostile";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as threadsRoute from "@/app/api/threads/route";
import * as stopRoute from "@/app/api/threads/[id]/turn/stop/route";
import * as streamRoute from "@/app/api/chat/[id]/stream/route";
import * as pinsRoute from "@/app/api/threads/[id]/pins/route";
import * as pinRoute from "@/app/api/threads/[id]/messages/[messageId]/pin/route";
import * as actionsRoute from "@/app/api/threads/[id]/actions/route";
import * as resolveRoute from "@/app/api/threads/[id]/actions/[key]/resolve/route";
import * as outboxRoute from "@/app/api/outbox/route";
import * as routinesRoute from "@/app/api/routines/route";
import * as routineRoute from "@/app/api/routines/[id]/route";
import * as runRoute from "@/app/api/routines/[id]/run/route";
import * as runsRoute from "@/app/api/routines/[id]/runs/route";
import * as cronRoute from "@/app/api/cron/routines/route";
import * as resumeRoute from "@/app/api/threads/[id]/resume/route";
import * as workspaceThreadsRoute from "@/app/api/threads/[id]/workspace-threads/route";
import * as eventsRoute from "@/app/api/threads/[id]/events/route";

export const routes = {
  threadsRoute,
  pinsRoute,
  actionsRoute,
  outboxRoute,
  routinesRoute,
  routineRoute,
  runsRoute,
  resumeRoute,
  workspaceThreadsRoute,
};

/** The ids the battery aims at: the caller's own rows, and another user's (which must be a 404). */
export type Ids = {
  thread: string;
  message: string;
  key: string;
  routine: string;
  otherThread: string;
  otherMessage: string;
  otherKey: string;
  otherRoutine: string;
};

type Route = Record<string, unknown>;
type ByThread = {
  method: string;
  route: Route;
  path: (t: string, m: string, k: string) => string;
  params: (t: string, m: string, k: string) => Record<string, string>;
};

const threadRoutes: ByThread[] = [
  { method: "POST", route: stopRoute, path: (t) => `/api/threads/${t}/turn/stop`, params: (t) => ({ id: t }) },
  { method: "GET", route: streamRoute, path: (t) => `/api/chat/${t}/stream`, params: (t) => ({ id: t }) },
  { method: "GET", route: pinsRoute, path: (t) => `/api/threads/${t}/pins`, params: (t) => ({ id: t }) },
  { method: "POST", route: pinRoute, path: (t, m) => `/api/threads/${t}/messages/${m}/pin`, params: (t, m) => ({ id: t, messageId: m }) },
  { method: "DELETE", route: pinRoute, path: (t, m) => `/api/threads/${t}/messages/${m}/pin`, params: (t, m) => ({ id: t, messageId: m }) },
  { method: "GET", route: actionsRoute, path: (t) => `/api/threads/${t}/actions`, params: (t) => ({ id: t }) },
  {
    method: "POST",
    route: resolveRoute,
    path: (t, _m, k) => `/api/threads/${t}/actions/${encodeURIComponent(k)}/resolve`,
    params: (t, _m, k) => ({ id: t, key: k }),
  },
  { method: "GET", route: resumeRoute, path: (t) => `/api/threads/${t}/resume`, params: (t) => ({ id: t }) },
  { method: "GET", route: workspaceThreadsRoute, path: (t) => `/api/threads/${t}/workspace-threads`, params: (t) => ({ id: t }) },
  { method: "GET", route: eventsRoute, path: (t) => `/api/threads/${t}/events`, params: (t) => ({ id: t }) },
];
const routineRoutes: { method: string; route: Route; suffix: string }[] = [
  { method: "GET", route: routineRoute, suffix: "" },
  { method: "PATCH", route: routineRoute, suffix: "" },
  { method: "DELETE", route: routineRoute, suffix: "" },
  { method: "POST", route: runRoute, suffix: "/run" },
  { method: "GET", route: runsRoute, suffix: "/runs" },
];
const bodyFor = (method: string, route: Route) =>
  route === resolveRoute ? { decision: "mark_sent" } : route === routineRoute && method === "PATCH" ? { name: "Renamed" } : undefined;

/** Requests that must be a 404 whatever they carry: ids that are not ids, and another user's rows. */
export function notFoundCases(ids: Ids): Case[] {
  const cases: Case[] = [];
  const add = (name: string, route: Route, call: Call) => cases.push({ name, route, call });
  const targets: [string, string, string, string][] = [
    ...JUNK_IDS.map(([label, junk]): [string, string, string, string] => [`thread id ${label}`, junk, ids.message, ids.key]),
    ...JUNK_IDS.map(([label, junk]): [string, string, string, string] => [`message id / key ${label}`, ids.thread, junk, junk]),
    ["another user's thread", ids.otherThread, ids.otherMessage, ids.otherKey],
    ["another user's message and key in my thread", ids.thread, ids.otherMessage, ids.otherKey],
  ];
  for (const [label, t, m, k] of targets) {
    for (const r of threadRoutes) {
      if (
        r.route === stopRoute ||
        r.route === streamRoute ||
        r.route === pinsRoute ||
        r.route === actionsRoute ||
        r.route === resumeRoute ||
        r.route === workspaceThreadsRoute ||
        r.route === eventsRoute
      ) {
        if (t === ids.thread) continue; // these take no second id
      }
      add(`${r.method} ${r.path("T", "M", "K")} with ${label}`, r.route, {
        method: r.method,
        url: r.path("x", "x", "x"),
        params: r.params(t, m, k),
        body: bodyFor(r.method, r.route),
      });
    }
  }
  for (const [label, rid] of [...JUNK_IDS, ["another user's routine", ids.otherRoutine] as [string, string]]) {
    for (const r of routineRoutes) {
      add(`${r.method} /api/routines/R${r.suffix} with ${label}`, r.route, {
        method: r.method,
        url: `/api/routines/x${r.suffix}`,
        params: { id: rid },
        body: bodyFor(r.method, r.route),
      });
    }
  }
  add("POST /api/threads continuing another user's thread", threadsRoute, {
    method: "POST",
    url: "/api/threads",
    body: { workspaceOf: ids.otherThread },
  });
  add("POST /api/threads continuing a thread that does not exist", threadsRoute, {
    method: "POST",
    url: "/api/threads",
    body: { workspaceOf: "nosuch" },
  });
  return cases;
}

/** Requests that must be a 4xx: numbers, types, fields, text, sizes, content types and origins. */
export function badInputCases(ids: Ids, cronSecret: string): Case[] {
  const cases: Case[] = [];
  const add = (name: string, route: Route, call: Call) => cases.push({ name, route, call });
  const routine = (body: unknown, method = "PATCH"): Call =>
    method === "POST"
      ? { method, url: "/api/routines", body }
      : { method, url: `/api/routines/${ids.routine}`, params: { id: ids.routine }, body };
  const resolve = (body: unknown): Call => ({
    method: "POST",
    url: `/api/threads/${ids.thread}/actions/k/resolve`,
    params: { id: ids.thread, key: ids.key },
    body,
  });

  for (const n of BAD_NUMBERS)
    add(`outbox ?limit=${JSON.stringify(n)}`, outboxRoute, { method: "GET", url: `/api/outbox?limit=${encodeURIComponent(n)}` });
  for (const [label, junk] of JUNK_IDS)
    add(`outbox ?threadId ${label}`, outboxRoute, { method: "GET", url: `/api/outbox?threadId=${queryValue(junk)}` });

  for (const workspaceOf of [...JUNK_IDS.map(([, j]) => j), 5, null, [], {}, true]) {
    add(`continue with workspaceOf ${JSON.stringify(workspaceOf).slice(0, 30)}`, threadsRoute, {
      method: "POST",
      url: "/api/threads",
      body: { workspaceOf },
    });
  }
  add("continue with an unknown field", threadsRoute, {
    method: "POST",
    url: "/api/threads",
    body: { workspaceOf: ids.thread, copyFiles: true },
  });

  const good = { name: "n", instructions: "i", cron: "0 9 * * *", timezone: "UTC" };
  const fieldJunk: [string, unknown][] = [
    ["NUL", NUL],
    ["lone surrogate", LONE],
    ["number", 5],
    ["null", null],
    ["empty", "  "],
    ["huge", "x".repeat(9000)],
    ["array", ["a"]],
  ];
  for (const method of ["POST", "PATCH"]) {
    for (const field of ["name", "instructions", "cron", "timezone"]) {
      for (const [label, value] of fieldJunk)
        add(`${method} routine ${field} ${label}`, routinesOrRoutine(method), routine({ ...good, [field]: value }, method));
    }
    for (const enabled of ["yes", 1, null])
      add(`${method} routine enabled ${JSON.stringify(enabled)}`, routinesOrRoutine(method), routine({ ...good, enabled }, method));
    for (const [field, value] of [
      ["cron", "61 * * * *"],
      ["cron", "* * * * * * * *"],
      ["timezone", "Mars/Olympus"],
      ["timezone", "../../etc/passwd"],
    ]) {
      add(`${method} routine ${field} ${value}`, routinesOrRoutine(method), routine({ ...good, [field]: value }, method));
    }
    add(`${method} routine unknown field`, routinesOrRoutine(method), routine({ ...good, userId: "someone" }, method));
    add(`${method} routine nextRunAt from the client`, routinesOrRoutine(method), routine({ ...good, nextRunAt: "2000-01-01" }, method));
    hostileWrites(add, `${method} routine`, routinesOrRoutine(method), routine(good, method), 16_384);
  }
  add("POST routine missing fields", routinesRoute, routine({ name: "n" }, "POST"));

  for (const body of [{ decision: "maybe" }, { decision: 1 }, { decision: ["mark_sent"] }, {}, { decision: "mark_sent", by: "admin" }]) {
    add(`resolve ${JSON.stringify(body)}`, resolveRoute, resolve(body));
  }
  hostileWrites(add, "resolve", resolveRoute, resolve({ decision: "mark_sent" }), 1024);
  hostileWrites(
    add,
    "continue in a new chat",
    threadsRoute,
    { method: "POST", url: "/api/threads", body: { workspaceOf: ids.thread } },
    4096,
  );

  // Routes that take no body still refuse forms and other origins before doing anything.
  const bodyless: [string, Route, Call][] = [
    ["stop", stopRoute, { method: "POST", url: `/api/threads/${ids.thread}/turn/stop`, params: { id: ids.thread } }],
    ["pin", pinRoute, { method: "POST", url: "/x", params: { id: ids.thread, messageId: ids.message } }],
    ["unpin", pinRoute, { method: "DELETE", url: "/x", params: { id: ids.thread, messageId: ids.message } }],
    ["run routine", runRoute, { method: "POST", url: "/x", params: { id: ids.routine } }],
    ["delete routine", routineRoute, { method: "DELETE", url: "/x", params: { id: ids.routine } }],
  ];
  for (const [name, route, call] of bodyless) {
    add(`${name} as a form`, route, { ...call, body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    add(`${name} from another origin`, route, { ...call, headers: { origin: "http://evil.test" } });
    add(`${name} cross-site fetch metadata`, route, { ...call, headers: { "sec-fetch-site": "cross-site" } });
  }

  // Account bodies: better-auth checks their shape, the gate what the databases cannot store.
  const signUp = { email: "new@person.test", password: "a-long-password", name: "New" };
  for (const [path, body] of [
    ["/sign-up/email", signUp],
    ["/sign-in/email", { email: signUp.email, password: signUp.password }],
    ["/update-user", { name: "n" }],
  ] as const) {
    for (const field of Object.keys(body)) {
      for (const [label, text] of [
        ["NUL", NUL],
        ["lone surrogate", LONE],
      ])
        add(`auth ${path} ${field} ${label}`, authRoute, { method: "POST", url: `/api/auth${path}`, body: { ...body, [field]: text } });
    }
    add(`auth ${path} with a NUL in a key`, authRoute, { method: "POST", url: `/api/auth${path}`, body: { ...body, [NUL]: 1 } });
    hostileWrites(add, `auth ${path}`, authRoute, { method: "POST", url: `/api/auth${path}`, body }, 16_384);
  }

  // Same length as the right header in UTF-16 units, not in bytes.
  const auths = [
    "",
    "Bearer",
    `Bearer ${"é".repeat(cronSecret.length)}`,
    `Bearer ${cronSecret.slice(1)}ÿ`,
    `Bearer ${"x".repeat(8000)}`,
    `bearer ${cronSecret}`,
  ];
  for (const a of auths)
    add(`cron with authorization ${JSON.stringify(a.slice(0, 20))}`, cronRoute, {
      method: "GET",
      url: "/api/cron/routines",
      headers: { authorization: a },
    });
  return cases;
}

// A lone surrogate has no UTF-8 form, so it travels as the bytes a client would send for it.
const queryValue = (s: string) => (s.isWellFormed() ? encodeURIComponent(s) : "%ED%A0%80");

const routinesOrRoutine = (method: string): Route => (method === "POST" ? routinesRoute : routineRoute);
