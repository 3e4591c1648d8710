import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { seedConversation, seedSummary } from "../support/seed";
import { Browser } from "./browser";
import { JUNK_IDS, LONE, NUL } from "./hostile";
import { callRoute, ORIGIN, type Jar } from "./support";
import type { ServerActionResult } from "@/lib/api";
import { config } from "@/lib/config";
import { resetConfigForTests } from "@/tests/support/config";
import { periodIndex } from "@/lib/limits/rate-period";
import { awayFromPeriodEnd } from "@/tests/support/rate-period";
import { createThreadAction, deleteThreadAction, renameThreadAction } from "@/app/actions/threads";
import { editMessageAction, setPinnedAction } from "@/app/actions/messages";
import { createRoutineAction, updateRoutineAction } from "@/app/actions/routines";
import * as threadsRoute from "@/app/api/threads/route";
import * as threadRoute from "@/app/api/threads/[id]/route";
import * as messagesRoute from "@/app/api/threads/[id]/messages/route";
import * as contextRoute from "@/app/api/threads/[id]/context/route";
import * as pinsRoute from "@/app/api/threads/[id]/pins/route";
import * as routinesRoute from "@/app/api/routines/route";

/*
 * Server actions pass the same gate as the JSON API (lib/auth/server-action.ts): the origin check, zod
 * validation, byte caps, ownership (another user's thread is a 404), the write limit and the API's
 * error shape. Each action is called as the page would call it, with the request headers and
 * cookies Next would give it (next/headers), against a real database.
 */

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./support")).fakeCookies(jar));

type Action = (input: never) => Promise<ServerActionResult<unknown>>;
type Ids = { thread: string; message: string; routine: string };

/** Every action with a valid input for these ids, and the fields a hostile input can aim at. */
type ActionCase = { name: string; action: Action; input: Record<string, unknown>; idFields: string[]; textFields: string[] };

/** The byte cap of each action's input: the same as its API route's body cap. */
const capOf = (name: string) =>
  name === "edit message" ? config().MAX_MESSAGE_CHARS * 4 + 1024 : name.includes("routine") ? 16_384 : 4096;

function actionsFor(ids: Ids): (ActionCase & { cap: number })[] {
  const cases: ActionCase[] = [
    {
      name: "create thread",
      action: createThreadAction,
      input: { title: "New", workspaceOf: ids.thread },
      idFields: ["workspaceOf"],
      textFields: ["title"],
    },
    {
      name: "rename thread",
      action: renameThreadAction,
      input: { threadId: ids.thread, title: "Renamed" },
      idFields: ["threadId"],
      textFields: ["title"],
    },
    { name: "delete thread", action: deleteThreadAction, input: { threadId: ids.thread }, idFields: ["threadId"], textFields: [] },
    {
      name: "edit message",
      action: editMessageAction,
      input: { threadId: ids.thread, messageId: ids.message, text: "edited" },
      idFields: ["threadId", "messageId"],
      textFields: ["text"],
    },
    {
      name: "pin message",
      action: setPinnedAction,
      input: { threadId: ids.thread, messageId: ids.message, pinned: true },
      idFields: ["threadId", "messageId"],
      textFields: [],
    },
    {
      name: "create routine",
      action: createRoutineAction,
      input: { name: "Daily", instructions: "Say hi.", cron: "0 9 * * *", timezone: "UTC" },
      idFields: [],
      textFields: ["name", "instructions"],
    },
    {
      name: "update routine",
      action: updateRoutineAction,
      input: { id: ids.routine, patch: { name: "Renamed routine" } },
      idFields: ["id"],
      textFields: [],
    },
  ];
  return cases.map((c) => ({ ...c, cap: capOf(c.name) }));
}

type Try = { name: string; action: Action; input: unknown; headers?: Record<string, string>; status: number };

/** Hostile variants of every action: other sites, junk ids, NUL and lone surrogates, wrong shapes, too large. */
function hostileCalls(ids: Ids): Try[] {
  const out: Try[] = [];
  for (const a of actionsFor(ids)) {
    out.push({
      name: `${a.name} from another origin`,
      action: a.action,
      input: a.input,
      headers: { origin: "http://evil.test" },
      status: 403,
    });
    out.push({
      name: `${a.name} cross-site fetch`,
      action: a.action,
      input: a.input,
      headers: { "sec-fetch-site": "cross-site" },
      status: 403,
    });
    for (const field of a.idFields)
      for (const [label, junk] of JUNK_IDS) {
        const input = { ...a.input, [field]: junk };
        // A huge id makes some inputs larger than their cap: that is a 413 before validation.
        const status = Buffer.byteLength(JSON.stringify(input)) > a.cap ? 413 : 400;
        out.push({ name: `${a.name} ${field} ${label}`, action: a.action, input, status });
      }
    for (const field of a.textFields)
      for (const [label, text] of [
        ["NUL", NUL],
        ["lone surrogate", LONE],
        ["number", 42],
      ] as const)
        out.push({ name: `${a.name} ${field} ${label}`, action: a.action, input: { ...a.input, [field]: text }, status: 400 });
    out.push({ name: `${a.name} extra field`, action: a.action, input: { ...a.input, userId: "someone-else" }, status: 400 });
    for (const [label, input] of [
      ["null", null],
      ["array", []],
      ["string", "x"],
    ] as const)
      out.push({ name: `${a.name} ${label}`, action: a.action, input, status: 400 });
    out.push({
      name: `${a.name} oversized`,
      action: a.action,
      input: { ...a.input, [a.textFields[0] ?? "pad"]: "x".repeat(a.cap + 1) },
      status: 413,
    });
  }
  return out;
}

describe.each(testDatabases())("server actions on $name", (target) => {
  let env: Provisioned;
  const owner = new Browser(jar);
  const stranger = new Browser(jar);
  let ids: Ids;

  /** Calls an action as this browser, from the app's own page unless other headers are given. */
  async function call(browser: Browser, action: Action, input: unknown, headers: Record<string, string> = { origin: ORIGIN }) {
    browser.use();
    jar.headers = headers;
    return action(input as never);
  }

  beforeAll(async () => {
    process.env.AUTH_SECRET = "server-actions-secret-0123456789abcdef";
    process.env.RATE_WRITES_PER_WINDOW = "100000";
    resetConfigForTests();
    env = await provision(target);
    const created = await owner.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Original" } });
    const thread = (await created.json()).id as string;
    const [first] = await seedConversation(thread, [
      ["user", "first question"],
      ["assistant", "first answer"],
    ]);
    await seedSummary(env.db, thread, "a summary cut at the first question", first.id);
    const routine = await owner.app(routinesRoute, {
      method: "POST",
      url: "/api/routines",
      body: { name: "Mine", instructions: "Say hi.", cron: "0 9 * * *", timezone: "UTC" },
    });
    ids = { thread, message: first.id, routine: (await routine.json()).id };
    await stranger.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Stranger's" } });
  });
  afterAll(async () => {
    delete process.env.RATE_WRITES_PER_WINDOW;
    resetConfigForTests();
    await env?.drop();
  });
  beforeEach(() => {
    jar.headers = undefined;
  });

  async function snapshot() {
    owner.use();
    const get = async (route: Record<string, unknown>, url: string, params: Record<string, string> = {}) =>
      (await callRoute(route, { method: "GET", url, params })).json();
    return {
      threads: await get(threadsRoute, "/api/threads"),
      messages: await get(messagesRoute, `/api/threads/${ids.thread}/messages`, { id: ids.thread }),
      pins: await get(pinsRoute, `/api/threads/${ids.thread}/pins`, { id: ids.thread }),
      routines: await get(routinesRoute, "/api/routines"),
      rows: [await env.db.user.count(), await env.db.thread.count(), await env.db.message.count(), await env.db.routine.count()],
    };
  }

  it("answers every hostile call with the API's error shape and status, and changes nothing", async () => {
    const before = await snapshot();
    const cookie = owner.cookies.get("lrc_session");
    const calls = hostileCalls(ids);
    expect(calls.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const c of calls) {
      const result = await call(owner, c.action, c.input, c.headers ?? { origin: ORIGIN });
      if (result.ok || result.status !== c.status || typeof result.error.code !== "string" || typeof result.error.message !== "string")
        wrong.push(`${c.name}: ${JSON.stringify(result).slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(owner.cookies.get("lrc_session")).toBe(cookie);
  });

  it("another user's thread, message or routine is a 404, and so is the owner's thread for an old guest cookie of an account", async () => {
    const before = await snapshot();
    for (const a of actionsFor(ids).filter((x) => x.idFields.length > 0)) {
      const result = await call(stranger, a.action, a.input);
      expect(result, a.name).toMatchObject({ ok: false, status: 404, error: { code: "not_found" } });
    }
    expect(await snapshot()).toEqual(before);

    // A guest signs up; a copy of its old cookie is nobody's, so its writes find nothing.
    const saver = new Browser(jar);
    const saved = (await (await saver.app(threadsRoute, { method: "POST", url: "/api/threads", body: { title: "Saved" } })).json()).id;
    const oldCookie = saver.cookies.get("lrc_session")!;
    expect(
      (await saver.auth("/sign-up/email", { email: `saver-${target.name}@example.com`, password: "correct horse battery", name: "S" }))
        .status,
    ).toBe(200);
    const stale = new Browser(jar);
    stale.cookies.set("lrc_session", oldCookie);
    expect(await call(stale, renameThreadAction, { threadId: saved, title: "Taken" })).toMatchObject({ ok: false, status: 404 });
    expect(await call(stale, deleteThreadAction, { threadId: saved })).toMatchObject({ ok: false, status: 404 });
    expect(await env.db.thread.findUniqueOrThrow({ where: { id: saved } })).toMatchObject({ title: "Saved", deletedAt: null });
  });

  it("a write past the allowance is a 429 with retryAfterSeconds, like the API", async () => {
    const userId = owner.cookies.get("lrc_session")!.split(".")[0];
    // The counter is set for the current period; should that end before the action counts, the
    // count would start over and the write pass.
    await awayFromPeriodEnd(config().RATE_WINDOW_S, 2);
    const period = periodIndex(Date.now(), config().RATE_WINDOW_S);
    await env.db.rateCounter.upsert({
      where: { key: `${userId}:write` },
      create: { key: `${userId}:write`, period, count: 100_000 },
      update: { period, count: 100_000 },
    });
    const result = await call(owner, renameThreadAction, { threadId: ids.thread, title: "Too many" });
    expect(result).toMatchObject({ ok: false, status: 429, error: { code: "rate_limited", retryAfterSeconds: expect.any(Number) } });
    await env.db.rateCounter.delete({ where: { key: `${userId}:write` } });
  });

  it("each action does what its API route does and answers the same shape", async () => {
    const renamed = await call(owner, renameThreadAction, { threadId: ids.thread, title: "Renamed" });
    owner.use();
    const viaApi = (
      await (await callRoute(threadRoute, { method: "GET", url: `/api/threads/${ids.thread}`, params: { id: ids.thread } })).json()
    ).thread;
    expect(renamed).toEqual({ ok: true, value: { thread: { ...viaApi, activeTurn: undefined } } });

    const pinned = await call(owner, setPinnedAction, { threadId: ids.thread, messageId: ids.message, pinned: true });
    owner.use();
    const pins = await (
      await callRoute(pinsRoute, { method: "GET", url: `/api/threads/${ids.thread}/pins`, params: { id: ids.thread } })
    ).json();
    expect(pinned).toEqual({ ok: true, value: pins });
    expect(pins.pinned.map((p: { id: string }) => p.id)).toEqual([ids.message]);

    // An edit is a new message, and the summary cut at the old one is stale from then on.
    const edited = await call(owner, editMessageAction, { threadId: ids.thread, messageId: ids.message, text: "second thoughts" });
    expect(edited).toMatchObject({ ok: true, value: { message: { role: "user", text: "second thoughts" } } });
    owner.use();
    const context = await (
      await callRoute(contextRoute, { method: "GET", url: `/api/threads/${ids.thread}/context`, params: { id: ids.thread } })
    ).json();
    expect(context.summaryStale).toBe(true);

    const continued = await call(owner, createThreadAction, { workspaceOf: ids.thread });
    expect(continued.ok).toBe(true);
    const newId = (continued as { value: { id: string } }).value.id;
    const [a, b] = await Promise.all([ids.thread, newId].map((id) => env.db.thread.findUniqueOrThrow({ where: { id } })));
    expect(b.workspaceId).toBe(a.workspaceId);

    const routine = await call(owner, createRoutineAction, { name: "Weekly", instructions: "Sum up.", cron: "0 9 * * 1", timezone: "UTC" });
    expect(routine).toMatchObject({ ok: true, value: { routine: { name: "Weekly" }, nextRunAt: expect.any(String) } });
    const badCron = await call(owner, createRoutineAction, { name: "Bad", instructions: "x", cron: "61 * * * *", timezone: "UTC" });
    expect(badCron).toMatchObject({ ok: false, status: 400, error: { field: "cron" } });
    const updated = await call(owner, updateRoutineAction, { id: ids.routine, patch: { enabled: false } });
    expect(updated).toMatchObject({ ok: true, value: { routine: { enabled: false, nextRunAt: null } } });

    expect(await call(owner, deleteThreadAction, { threadId: newId })).toEqual({ ok: true, value: null });
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: newId } })).deletedAt).not.toBeNull();
  });
});
