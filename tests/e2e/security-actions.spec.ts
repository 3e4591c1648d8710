import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, request as newRequest, test, type APIRequestContext } from "@playwright/test";
import { exchange, ordinaryRequest, type RawAnswer } from "../support/raw-http";
import { API_CSP, COMMON_HEADERS } from "../../lib/http/common-headers.mjs";

// Issue 43: every server action answers the transport-level bad input a client can send with the
// API's error contract (status, `{error: {code, message}}`, the API's security headers), decided by
// the server in front of Next before Next decodes the body, and nothing changes. Valid calls, encoded
// by React's own encoder as the pages do, still run. Over real HTTP against the production build.

const PORT = Number(process.env.E2E_PORT ?? 3471);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DB_FILE = `test-data/e2e-${PORT}.db`;
const DIST = process.env.NEXT_DIST_DIR || ".next";

const { encodeReply } = createRequire(import.meta.url)("next/dist/compiled/react-server-dom-turbopack/client.node") as {
  encodeReply: (value: unknown) => Promise<string>;
};

type Action = { id: string; name: string };

/** Every server action of the build, checked against the `serverAction(...)` exports of app/actions. */
function allActions(): Action[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, "server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const built = Object.entries(manifest.node).map(([id, a]) => ({ id, name: a.exportedName, file: a.filename }));
  const defined = fs
    .readdirSync("app/actions")
    .flatMap((f) =>
      [...fs.readFileSync(`app/actions/${f}`, "utf8").matchAll(/^export const (\w+) = serverAction\(/gm)].map(
        (m) => `app/actions/${f}:${m[1]}`,
      ),
    );
  expect(built.map((a) => `${a.file}:${a.name}`).sort()).toEqual(defined.sort());
  expect(built.length).toBeGreaterThanOrEqual(7);
  return built;
}

function rows() {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
    const threads = db.prepare(`SELECT id, title, "deletedAt" FROM "Thread" ORDER BY id`).all();
    const messages = db.prepare(`SELECT id, text, "pinnedAt", "deletedAt" FROM "Message" ORDER BY id`).all();
    const routines = db.prepare(`SELECT id, name, enabled FROM "Routine" ORDER BY id`).all();
    return { users: count("User"), threads, messages, routines };
  } finally {
    db.close();
  }
}

/** A POST of `body` to an action, as a page's fetch would send it, over a bare socket. */
function callRaw(action: Action, body: Buffer | string, headers: Record<string, string>): Promise<RawAnswer> {
  const length = Buffer.byteLength(body);
  const lines = Object.entries({
    host: `127.0.0.1:${PORT}`,
    "next-action": action.id,
    "content-length": String(length),
    connection: "close",
    ...headers,
  });
  return exchange({ port: PORT, head: [`POST / HTTP/1.1`, ...lines.map(([k, v]) => `${k}: ${v}`)].join("\r\n"), body });
}

/** The same with an ordinary HTTP client, which sends the whole body while it reads the answer. */
const callHttp = (action: Action, body: Buffer, headers: Record<string, string>) =>
  ordinaryRequest({ port: PORT, method: "POST", path: "/", body, headers: { "next-action": action.id, connection: "close", ...headers } });

function expectApiError(answer: RawAnswer, status: number, code: string, what: string) {
  expect(answer.error, `${what}: the connection ended cleanly`).toBeNull();
  expect(answer.status, what).toBe(status);
  expect(answer.headers["content-type"], what).toBe("application/json");
  expect(answer.headers["content-security-policy"], what).toBe(API_CSP);
  for (const { key, value } of COMMON_HEADERS) expect(answer.headers[key.toLowerCase()], `${what}: ${key}`).toBe(value);
  expect(answer.headers["set-cookie"], `${what}: no guest, no session change`).toBeUndefined();
  expect(JSON.parse(answer.body), what).toEqual({ error: { code, message: expect.any(String) } });
}

/** React escapes a string "$K1" as "$$K1"; a forged body carries the marker itself. */
const unescapeMarker = (body: string) => body.replace('"$$K1"', '"$K1"');

let api: APIRequestContext;
let cookie = "";
const ids = { thread: "", message: "", routine: "" };

test.beforeAll(async () => {
  api = await newRequest.newContext({ baseURL: ORIGIN });
  ids.thread = (await (await api.post("/api/threads", { data: { title: "Kept" } })).json()).id;
  const chat = await api.post("/api/chat", {
    data: { id: ids.thread, message: { role: "user", parts: [{ type: "text", text: "hello" }] } },
  });
  await chat.body(); // the reply streams until it is stored
  const { messages } = await (await api.get(`/api/threads/${ids.thread}/messages`)).json();
  ids.message = messages.find((m: { role: string }) => m.role === "user").id;
  const routine = await api.post("/api/routines", { data: { name: "Kept", instructions: "Say hi.", cron: "0 9 * * *", timezone: "UTC" } });
  ids.routine = (await routine.json()).id;
  const session = (await api.storageState()).cookies.find((c) => c.name === "lrc_session")!;
  cookie = `lrc_session=${session.value}`;
});
test.afterAll(async () => api.dispose());

/** A valid input for each action, for the thread, message and routine made above. */
function validInput(name: string): unknown {
  const inputs: Record<string, unknown> = {
    createThreadAction: { title: "New", workspaceOf: ids.thread },
    renameThreadAction: { threadId: ids.thread, title: "Renamed by an action" },
    deleteThreadAction: { threadId: ids.thread },
    editMessageAction: { threadId: ids.thread, messageId: ids.message, text: "edited by an action" },
    setPinnedAction: { threadId: ids.thread, messageId: ids.message, pinned: true },
    createRoutineAction: { name: "Made by an action", instructions: "Sum up.", cron: "0 9 * * 1", timezone: "UTC" },
    updateRoutineAction: { id: ids.routine, patch: { name: "Renamed routine" } },
    archiveThreadAction: { threadId: ids.thread, archived: true },
  };
  expect(inputs, `a valid input for ${name}`).toHaveProperty(name);
  return inputs[name];
}

test("every server action answers cross-site, oversized, malformed, deep and forged bodies with the API's error, and nothing changes", async () => {
  test.setTimeout(180_000);
  const actions = allActions();
  const before = rows();
  const boundary = "----formBoundary7MA4YWxkTrZu0gW";
  for (const action of actions) {
    const input = validInput(action.name) as Record<string, unknown>;
    const valid = await encodeReply([input]);
    const firstText = Object.keys(input).find((key) => typeof input[key] === "string")!;
    const cases: Array<[string, Buffer | string, Record<string, string>, number, string]> = [
      ["from another site", valid, { origin: "http://evil.test" }, 403, "forbidden"],
      ["with Origin: null", valid, { origin: "null" }, 403, "forbidden"],
      ["from a sibling port", valid, { origin: `http://127.0.0.1:${PORT + 1}` }, 403, "forbidden"],
      ["with cross-site fetch metadata", valid, { "sec-fetch-site": "cross-site" }, 403, "forbidden"],
      ["with invalid JSON", "[{", { origin: ORIGIN }, 400, "bad_json"],
      ["with no body", "", { origin: ORIGIN }, 400, "bad_json"],
      ["with invalid UTF-8", Buffer.from([0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d]), { origin: ORIGIN }, 400, "bad_json"],
      ["nested 100,000 deep", "[".repeat(100_000) + "]".repeat(100_000), { origin: ORIGIN }, 400, "bad_json"],
      ["with a forged chunk reference", '["$@1"]', { origin: ORIGIN }, 400, "invalid_body"],
      [
        "with a forged form reference inside the input",
        await encodeReply([{ ...input, [firstText]: "$K1" }]).then(unescapeMarker),
        { origin: ORIGIN },
        400,
        "invalid_body",
      ],
      ["with an object for the argument list", JSON.stringify(validInput(action.name)), { origin: ORIGIN }, 400, "invalid_body"],
      [
        "as multipart with forged reference markers",
        `--${boundary}\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$@1","$K2"]\r\n--${boundary}--\r\n`,
        { origin: ORIGIN, "content-type": `multipart/form-data; boundary=${boundary}` },
        415,
        "unsupported_media_type",
      ],
    ];
    for (const [what, body, headers, status, code] of cases) {
      for (const withCookie of [true, false]) {
        const label = `${action.name} ${what}${withCookie ? "" : " (no cookie)"}`;
        const answer = await callRaw(action, body, {
          "content-type": "text/plain;charset=UTF-8",
          ...headers,
          ...(withCookie ? { cookie } : {}),
        });
        expectApiError(answer, status, code, label);
      }
    }
    // 5 MB: an ordinary client reads the 413, not a reset, whether it declares the length or not.
    const huge = Buffer.from(JSON.stringify([{ ...(validInput(action.name) as object), pad: "x".repeat(5 * 1024 * 1024) }]));
    for (const chunked of [false, true]) {
      const answer = await callHttp(action, huge, {
        origin: ORIGIN,
        cookie,
        "content-type": "text/plain;charset=UTF-8",
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(huge.length) }),
      });
      expectApiError(answer, 413, "too_large", `${action.name} with a 5 MB body${chunked ? " (chunked)" : ""}`);
    }
  }
  expect(rows()).toEqual(before);
});

test("a valid call of each action, encoded as the page encodes it, still runs through the server in front of Next", async () => {
  const actions = new Map(allActions().map((a) => [a.name, a]));
  // Pin before the edit replaces the message, delete last: the others need the thread.
  const order = [
    "createThreadAction",
    "renameThreadAction",
    "setPinnedAction",
    "editMessageAction",
    "createRoutineAction",
    "updateRoutineAction",
    "archiveThreadAction",
    "deleteThreadAction",
  ];
  expect([...order].sort()).toEqual([...actions.keys()].sort());
  for (const name of order) {
    const answer = await callRaw(actions.get(name)!, await encodeReply([validInput(name)]), {
      origin: ORIGIN,
      cookie,
      "content-type": "text/plain;charset=UTF-8",
    });
    expect(answer.status, name).toBe(200);
    expect(answer.headers["content-type"], name).toContain("text/x-component");
    expect(answer.body, name).toContain('{"ok":true');
  }
  const after = rows();
  expect(after.threads).toContainEqual(
    expect.objectContaining({ id: ids.thread, title: "Renamed by an action", deletedAt: expect.anything() }),
  );
  expect(after.messages).toContainEqual(expect.objectContaining({ id: ids.message, pinnedAt: expect.anything() }));
  expect(after.messages).toContainEqual(expect.objectContaining({ text: "edited by an action", deletedAt: null }));
  expect(after.routines).toContainEqual(expect.objectContaining({ id: ids.routine, name: "Renamed routine" }));
  expect(after.routines).toContainEqual(expect.objectContaining({ name: "Made by an action" }));
});
