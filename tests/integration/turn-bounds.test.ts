import { offlineBehaviours as floodBehaviours } from "./support/flood-behaviours";
import type { OfflineBehaviour } from "@/lib/ai/offline/behaviours";
import type { UIMessageChunk } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { seedConversation } from "./support/seed";
import { textStart } from "./support/turns";
import { callRoute, type Jar } from "./security/support";
import { afterTurn } from "@/lib/chat/after-turn";
import { runTurn } from "@/lib/chat/turn";
import { resetConfigForTests } from "@/tests/support/config";
import type { MessagePart } from "@/lib/db/messages";
import { createThread } from "@/lib/db/threads";
import { turnSlotsHeld } from "./support/turn-slots";
import * as threadsRoute from "@/app/api/threads/route";
import * as chatRoute from "@/app/api/chat/route";

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));
// Outside Next there is no request scope for after(): run the callback like Next would, later.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (fn: () => unknown) => void Promise.resolve().then(fn),
}));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The flood: one message of 6,000 `read` lines (88,889 characters, within MAX_MESSAGE_CHARS)
// asks the model for 6,000 tool calls in one step. Streamed whole at the tests' 1 ms per delta it
// takes over 50 s.
const FLOOD = Array.from({ length: 6000 }, (_, i) => `read n/${i}.md`).join("\n");
// Within this long of the bound being crossed, the reply is final (the model call was aborted).
const ENDS_WITHIN_MS = 3000;
// Longer than a partial save's period (REPLY_SAVE_EVERY_MS, 1 s): a turn still running would show.
const PAUSE_MS = 2500;

const SETTINGS = ["MAX_TOOL_CALLS_PER_STEP", "MAX_TOOL_CALLS_PER_TURN", "MAX_REPLY_CHARS", "MAX_TURN_SECONDS"];
const settings = (values: Record<string, number>) => {
  for (const [k, v] of Object.entries(values)) process.env[k] = String(v);
  resetConfigForTests();
};

// A model-output chunk: what the model streamed (the note is the server's, not the model's).
const isModelOutput = (c: UIMessageChunk) =>
  (c.type === "text-delta" && !c.id.endsWith("-bound")) ||
  c.type === "reasoning-delta" ||
  c.type === "tool-input-start" ||
  c.type === "tool-input-delta" ||
  c.type === "tool-input-available";

const toolParts = (parts: MessagePart[]) => parts.filter((p) => p.type === "tool-read_file");
const modelText = (parts: MessagePart[]) =>
  parts
    .slice(0, -1)
    .filter((p) => p.type === "text")
    .map((p) => p.text ?? "")
    .join("");

// A turn is bounded whatever the model streams: past the per-step or per-turn tool-call bound, the
// reply's size bound or its wall time, the model call is aborted, the reply ends with a note of why
// (status stopped) and nothing more is recorded.
// The offline model's registry of test behaviours (lib/ai/offline/behaviours.ts).
const registry = () =>
  ((globalThis as Record<symbol, unknown>)[Symbol.for("longrun-chat.offline-behaviours")] ??= []) as OfflineBehaviour[];

describe.each(testDatabases())("turn bounds on $name", (target) => {
  let env: Provisioned;
  let userId: string;

  beforeAll(async () => {
    process.env.AUTH_SECRET = "turn-bounds-secret-0123456789abcdef";
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterEach(() => {
    for (const k of [...SETTINGS, "COMPACT_AT_INPUT_TOKENS", "CONTEXT_RECENT_TOKENS"]) delete process.env[k];
    // Only the behaviours the setup file registered (the resume work mode) stay in the offline model.
    registry().splice(0, registry().length, ...registry().filter((b) => b.name !== floodBehaviours[0].name));
    resetConfigForTests();
  });
  afterAll(async () => {
    await env?.drop();
  });

  /** Runs a turn, reading its stream as a browser would, with the times that matter. */
  async function timedTurn(threadId: string, text: string) {
    const startedAt = Date.now();
    const turn = await runTurn({ userId, threadId, start: textStart(text) });
    const reader = turn.stream.getReader();
    let lastModelChunkAt = startedAt;
    const chunks: UIMessageChunk[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      if (isModelOutput(value)) lastModelChunkAt = Date.now();
    }
    const outcome = await turn.outcome;
    const endedAt = Date.now();
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: outcome.assistantMessageId } });
    return { outcome, reply, parts: JSON.parse(reply.parts) as MessagePart[], chunks, startedAt, lastModelChunkAt, endedAt };
  }

  /** After a pause the reply is as it was: no part, draft row or model call was added. */
  async function expectSettled(threadId: string, messageId: string, parts: string) {
    const calls = await env.db.modelCall.count({ where: { threadId } });
    await sleep(PAUSE_MS);
    const again = await env.db.message.findUniqueOrThrow({ where: { id: messageId } });
    expect(again.status).toBe("stopped");
    expect(again.parts).toBe(parts);
    expect(await env.db.replyPart.count({ where: { messageId } })).toBe(0);
    expect(await env.db.modelCall.count({ where: { threadId } })).toBe(calls);
  }

  it("the issue's flood ends at MAX_TOOL_CALLS_PER_STEP within seconds, with a note, and records nothing more", async () => {
    settings({ MAX_TOOL_CALLS_PER_STEP: 20, MAX_TOOL_CALLS_PER_TURN: 100 });
    const t = await createThread(userId);
    const r = await timedTurn(t.id, FLOOD);

    expect(r.outcome).toMatchObject({ status: "stopped", bound: "tool_calls_per_step", error: null });
    expect(r.endedAt - r.lastModelChunkAt, "ms from the bound to the final reply").toBeLessThan(ENDS_WITHIN_MS);
    expect(r.reply.status).toBe("stopped");
    // The 21st call is the one past the bound: it and everything after it were dropped.
    const calls = toolParts(r.parts);
    expect(calls).toHaveLength(20);
    // Tools run once a model step ends; this step never ended, so none of its calls ran.
    for (const call of calls) {
      expect(call).toMatchObject({ state: "output-error" });
      expect(call.errorText).toMatch(/^Not run: the server ended the turn because the model asked for more than 20 tool calls in one step/);
    }
    const note = r.parts.at(-1)!;
    expect(note.type).toBe("text");
    expect(note.text).toMatch(
      /^The server ended this turn: the model asked for more than 20 tool calls in one step \(MAX_TOOL_CALLS_PER_STEP\)\./,
    );
    // The client read the same end: the note, then the stored status.
    expect(r.chunks.some((c) => c.type === "text-delta" && c.delta === note.text)).toBe(true);
    expect(r.chunks.find((c) => c.type === "data-turn")).toMatchObject({ data: { status: "stopped" } });
    // The model call itself was aborted, not left streaming.
    expect(await env.db.modelCall.findMany({ where: { threadId: t.id }, select: { finishReason: true } })).toEqual([
      { finishReason: "aborted" },
    ]);
    await expectSettled(t.id, r.reply.id, r.reply.parts);

    // The thread's turn was released: the next message is answered.
    const next = await timedTurn(t.id, "hello");
    expect(next.outcome).toMatchObject({ status: "complete", bound: null });
  });

  it("a model calling tools step after step ends at MAX_TOOL_CALLS_PER_TURN; finished calls keep their results and compaction still follows", async () => {
    registry().push(...floodBehaviours);
    settings({ MAX_TOOL_CALLS_PER_STEP: 5, MAX_TOOL_CALLS_PER_TURN: 12, COMPACT_AT_INPUT_TOKENS: 100, CONTEXT_RECENT_TOKENS: 60 });
    const t = await createThread(userId);
    await seedConversation(t.id, [
      ["user", "Move callers from `getAccount` to `loadAccount`. The loader lives in src/accounts/load.ts."],
      ["assistant", "Loader is ready. Three callers remain: src/api/accounts.ts, src/jobs/reconcile.ts and src/cli/accounts.ts."],
      ["user", "Keep the CLI output unchanged, and write the plan to migration.md before touching code."],
      ["assistant", "Understood: the CLI output stays as it is, and the plan goes to migration.md first."],
    ]);
    const r = await timedTurn(t.id, "Read everything.\n\nflood 5 reads per step");

    expect(r.outcome).toMatchObject({ status: "stopped", bound: "tool_calls_per_turn" });
    expect(r.endedAt - r.lastModelChunkAt).toBeLessThan(ENDS_WITHIN_MS);
    // Two whole steps (5 + 5 calls, run) and two calls of the third, past which the 13th was dropped.
    const calls = toolParts(r.parts);
    expect(calls).toHaveLength(12);
    const ran = calls.slice(0, 10);
    for (const call of ran) expect(call.state).toBe("output-available");
    for (const call of calls.slice(10)) expect(call.errorText).toMatch(/^Not run: .*more than 12 tool calls in this turn/);
    expect(r.parts.at(-1)!.text).toMatch(
      /^The server ended this turn: the model asked for more than 12 tool calls in this turn \(MAX_TOOL_CALLS_PER_TURN\)/,
    );
    expect(await env.db.modelCall.count({ where: { threadId: t.id, finishReason: "aborted" } })).toBe(1);
    await expectSettled(t.id, r.reply.id, r.reply.parts);

    // The last whole step's input tokens reach the compaction trigger as in any turn.
    expect(r.outcome.lastInputTokens).toBeGreaterThanOrEqual(100);
    await afterTurn(t.id, Promise.resolve(r.outcome));
    expect(await env.db.compaction.findFirstOrThrow({ where: { threadId: t.id } })).toMatchObject({
      trigger: "threshold",
      status: "saved",
    });
  });

  it("a reply past MAX_REPLY_CHARS ends there: the model's text stops at the bound", async () => {
    settings({ MAX_REPLY_CHARS: 400 });
    const t = await createThread(userId);
    // `long 1000` streams ~16,000 characters, one word every 10 ms (offline model).
    const r = await timedTurn(t.id, "long 1000");

    expect(r.outcome).toMatchObject({ status: "stopped", bound: "reply_chars" });
    expect(r.endedAt - r.lastModelChunkAt).toBeLessThan(ENDS_WITHIN_MS);
    const text = modelText(r.parts);
    expect(text).toContain("Line 1 of 1000.");
    expect(text.length).toBeLessThanOrEqual(400);
    // The text stopped at the delta that would have crossed: no more than one word short of it.
    expect(text.length).toBeGreaterThan(380);
    // The text part the bound cut is closed, not left streaming.
    expect(r.parts.filter((p) => p.type === "text").map((p) => p.state)).toEqual(["done", "done"]);
    expect(r.parts.at(-1)!.text).toMatch(/^The server ended this turn: the reply passed 400 characters \(MAX_REPLY_CHARS\)/);
    await expectSettled(t.id, r.reply.id, r.reply.parts);
  });

  it("a turn past MAX_TURN_SECONDS ends then, whatever it is doing", async () => {
    settings({ MAX_TURN_SECONDS: 1 });
    const t = await createThread(userId);
    // Streams for ~40 s unbounded.
    const r = await timedTurn(t.id, "long 1000");

    expect(r.outcome).toMatchObject({ status: "stopped", bound: "turn_time" });
    const took = r.endedAt - r.startedAt;
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took - 1000, "ms from the bound to the final reply").toBeLessThan(ENDS_WITHIN_MS);
    expect(modelText(r.parts)).toContain("Line 1 of 1000.");
    expect(r.parts.at(-1)!.text).toMatch(/^The server ended this turn: the turn ran longer than 1 seconds \(MAX_TURN_SECONDS\)/);
    await expectSettled(t.id, r.reply.id, r.reply.parts);
  });

  it("through POST /api/chat, the flood's reply ends, the turn slot is given back and the thread takes the next message", async () => {
    const newThread = async () => (await (await callRoute(threadsRoute, { method: "POST", url: "/api/threads" })).json()).id as string;
    const send = (id: string, text: string) =>
      callRoute(chatRoute, { method: "POST", url: "/api/chat", body: { id, message: { role: "user", parts: [{ type: "text", text }] } } });
    jar.values.clear();
    const id = await newThread();
    const startedAt = Date.now();
    const flood = await send(id, FLOOD);
    expect(flood.status).toBe(200);
    const body = await flood.text();
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(body).toContain("MAX_TOOL_CALLS_PER_STEP");
    for (let i = 0; i < 20 && (await turnSlotsHeld()) > 0; i++) await sleep(50);
    expect(await turnSlotsHeld()).toBe(0);

    const next = await send(id, "hello");
    expect(next.status).toBe(200);
    await next.text();
    const replies = await env.db.message.findMany({ where: { threadId: id, role: "assistant" }, orderBy: { seq: "asc" } });
    expect(replies.map((m) => m.status)).toEqual(["stopped", "complete"]);
  });
});
