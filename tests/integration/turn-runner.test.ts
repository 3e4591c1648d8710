import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { runTurn, stopTurn } from "@/lib/chat/turn";
import { admitTurnOpening } from "@/lib/chat/turn-opening";
import { afterTurn } from "@/lib/chat/after-turn";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import { listMessagesPage } from "@/lib/db/messages";
import { foregroundIdle } from "@/lib/jobs/foreground";
import { sweepExpiredTurns } from "@/lib/chat/turn-sweep";
import { sweepOnce } from "@/lib/sweep/sweeper";
import { seedConversation } from "./support/seed";
import { TSX_WORKER } from "./support/tsx-worker";
import { sleep, waitFor } from "./support/wait-for";

vi.mock("@/lib/chat/turn-opening", async (original) => {
  const actual = await original<typeof import("@/lib/chat/turn-opening")>();
  return { ...actual, admitTurnOpening: vi.fn(actual.admitTurnOpening) };
});

describe.each(testDatabases())("turn runner on $name", (target) => {
  let env: Provisioned;
  let userId: string;

  beforeAll(async () => {
    process.env.OFFLINE_DELAY_MS = "5";
    process.env.REPLY_SAVE_EVERY_MS = "200";
    process.env.LEASE_HEARTBEAT_MS = "500";
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.REPLY_SAVE_EVERY_MS;
    delete process.env.LEASE_HEARTBEAT_MS;
    process.env.OFFLINE_DELAY_MS = "1";
    resetConfigForTests();
    await env?.drop();
  });

  const rows = (threadId: string) => env.db.message.findMany({ where: { threadId }, orderBy: { seq: "asc" } });

  it("keeps background work waiting until the reply's first text has reached the reader", async () => {
    // A compaction steps aside (foregroundIdle) while a turn waits for its first token. A text-start
    // comes one model tick (OFFLINE_DELAY_MS) before the first delta: released there, the work
    // would run its database reads while the first token is still on its way.
    const t = await createThread(userId);
    const events: string[] = [];
    const turn = await runTurn({ userId, threadId: t.id, start: textStart("long 3") });
    void foregroundIdle().then(() => events.push("background resumes"));
    const reader = turn.stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      if (r.value.type === "text-start") events.push("text-start");
      if (r.value.type === "text-delta" && !events.includes("first text")) events.push("first text");
    }
    await turn.outcome;
    expect(events.slice(0, 3)).toEqual(["text-start", "first text", "background resumes"]);
  });

  it("stores the reply row from the start and saves its partial text while it streams", async () => {
    const t = await createThread(userId);
    const turn = await runTurn({ userId, threadId: t.id, start: textStart("long 80") });
    const first = await env.db.message.findUniqueOrThrow({ where: { id: turn.assistantMessageId } });
    expect(first).toMatchObject({ role: "assistant", status: "streaming" });
    // Read as the transcript reads it: partial saves are draft parts (lib/db/reply-parts.ts).
    const partial = await waitFor(
      async () => (await listMessagesPage(t.id, { limit: 10 })).messages.find((m) => m.id === turn.assistantMessageId),
      (m) => !!m?.text.includes("Line 5 of 80"),
    );
    expect(partial!.status).toBe("streaming");
    expect(partial!.text).not.toContain("Line 80 of 80");
    const outcome = await turn.outcome;
    expect(outcome).toMatchObject({ status: "complete", assistantMessageId: turn.assistantMessageId, errorCode: null });
    const final = await env.db.message.findUniqueOrThrow({ where: { id: turn.assistantMessageId } });
    expect(final.status).toBe("complete");
    expect(final.text).toContain("Line 80 of 80");
    expect(final.tokens).toBeGreaterThan(0);
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: t.id } })).turnHolder).toBeNull();
  });

  it("ends the client stream with the stored ids and status", async () => {
    const t = await createThread(userId);
    const { body, outcome } = await completeTurn(userId, t.id, textStart("hello"));
    const events = body
      .split("\n")
      .filter((l) => l.startsWith("data: {"))
      .map((l) => JSON.parse(l.slice(6)));
    const end = events.findIndex((e) => e.type === "data-turn");
    expect(events[end]).toMatchObject({
      transient: true,
      data: { assistantMessageId: outcome.assistantMessageId, userMessageId: outcome.userMessageId, status: "complete" },
    });
    expect(events.slice(end + 1).map((e) => e.type)).toEqual(["finish"]);
    const [user, reply] = await rows(t.id);
    expect([user.id, reply.id]).toEqual([outcome.userMessageId, outcome.assistantMessageId]);
  });

  it("runs one turn at a time per thread: a second send gets 409 turn_in_progress and stores nothing", async () => {
    const t = await createThread(userId);
    const sends = await Promise.allSettled([
      runTurn({ userId, threadId: t.id, start: textStart("long 60") }),
      runTurn({ userId, threadId: t.id, start: textStart("long 60") }),
    ]);
    const started = sends.filter((s) => s.status === "fulfilled");
    expect(started).toHaveLength(1);
    expect(sends.find((s) => s.status === "rejected")).toMatchObject({ reason: { status: 409, code: "turn_in_progress" } });
    await (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof runTurn>>>).value.outcome;
    await completeTurn(userId, t.id, textStart("and again"));
    expect((await rows(t.id)).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("another user's thread is a 404 for every kind of turn, and nothing is claimed or stored", async () => {
    const t = await createThread(userId);
    const { outcome } = await completeTurn(userId, t.id, textStart("hello"));
    const stranger = (await env.db.user.create({ data: {} })).id;
    const before = await env.db.thread.findUniqueOrThrow({ where: { id: t.id } });
    for (const start of [
      textStart("mine now"),
      { kind: "regenerate" as const, messageId: outcome.assistantMessageId },
      { kind: "regenerate" as const, messageId: outcome.userMessageId! },
    ]) {
      await expect(runTurn({ userId: stranger, threadId: t.id, start })).rejects.toMatchObject({ status: 404, code: "not_found" });
    }
    const after = await env.db.thread.findUniqueOrThrow({ where: { id: t.id } });
    expect(after).toMatchObject({ turnHolder: null, lastSeq: before.lastSeq, title: before.title, updatedAt: before.updatedAt });
    expect((await rows(t.id)).map((m) => [m.role, m.status, m.deletedAt])).toEqual([
      ["user", "complete", null],
      ["assistant", "complete", null],
    ]);
  });

  it("numbers the opening's messages after the thread's last one and names a new chat once", async () => {
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart("First   question\nabout naming"));
    await completeTurn(userId, t.id, textStart("second"));
    const thread = await env.db.thread.findUniqueOrThrow({ where: { id: t.id } });
    expect(thread.title).toBe("First question about naming");
    expect((await rows(t.id)).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(thread.lastSeq).toBe(4);
  });

  it("opens every turn through the admission gate (TURN_OPENINGS_AT_ONCE)", async () => {
    const t = await createThread(userId);
    vi.mocked(admitTurnOpening).mockClear();
    await completeTurn(userId, t.id, textStart("hello"));
    expect(admitTurnOpening).toHaveBeenCalledTimes(1);
  });

  it("stores the whole reply when nobody reads the stream (a closed tab)", async () => {
    const t = await createThread(userId);
    const turn = await runTurn({ userId, threadId: t.id, start: textStart("long 80") });
    await turn.stream.cancel();
    const outcome = await turn.outcome;
    expect(outcome.status).toBe("complete");
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: turn.assistantMessageId } });
    expect(reply).toMatchObject({ status: "complete" });
    expect(reply.text).toContain("Line 80 of 80");
  });

  it("stops from anywhere: a stop request in the database ends the turn at its next renewal", async () => {
    const t = await createThread(userId);
    const turn = await runTurn({ userId, threadId: t.id, start: textStart("long 1000") });
    // Read as the transcript reads it: partial saves are draft parts (lib/db/reply-parts.ts).
    await waitFor(
      async () => (await listMessagesPage(t.id, { limit: 10 })).messages.find((m) => m.id === turn.assistantMessageId),
      (m) => !!m?.text.includes("Line 3 "),
    );
    // Another instance's stop only writes the flag; this process notices it at its next renewal.
    await env.db.thread.update({ where: { id: t.id }, data: { turnStopAt: new Date() } });
    const outcome = await turn.outcome;
    expect(outcome.status).toBe("stopped");
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: turn.assistantMessageId } });
    expect(reply.status).toBe("stopped");
    expect(reply.text).toContain("Line 1 of 1000");
    expect(reply.text).not.toContain("Line 1000 of 1000");
    expect(await stopTurn(t.id)).toBe(false);
  });

  it("a process killed mid-reply leaves an interrupted reply with its partial text, and the thread goes on", async () => {
    const t = await createThread(userId);
    const child = spawn(process.execPath, [...TSX_WORKER, "tests/integration/support/turn-worker.ts", env.url, userId, t.id, "long 1000"], {
      env: { ...process.env, OFFLINE_DELAY_MS: "20", REPLY_SAVE_EVERY_MS: "200", LEASE_HEARTBEAT_MS: "500" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    // Read as the transcript reads it: partial saves are draft parts (lib/db/reply-parts.ts).
    const reply = await waitFor(
      async () => (await listMessagesPage(t.id, { limit: 10 })).messages.find((m) => m.role === "assistant"),
      (m) => !!m?.text.includes("Line 5 "),
      60_000,
    );
    expect(reply?.status).toBe("streaming");
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const before = await rows(t.id);

    // While the last heartbeat is recent nothing is swept; three heartbeats later the sweeper closes the reply.
    expect(await sweepExpiredTurns()).toBe(0);
    await sleep(2000);
    expect(await sweepExpiredTurns()).toBe(1);
    const swept = await env.db.message.findUniqueOrThrow({ where: { id: reply!.id } });
    expect(swept).toMatchObject({ status: "interrupted", errorCode: "interrupted" });
    expect(swept.text).toContain("Line 1 of 1000");
    expect(swept.text).not.toContain("Line 1000 of 1000");
    // Nothing else changed.
    expect((await rows(t.id)).map((m) => [m.id, m.role, m.deletedAt])).toEqual(before.map((m) => [m.id, m.role, m.deletedAt]));

    const { outcome } = await completeTurn(userId, t.id, textStart("are you there?"));
    expect(outcome.status).toBe("complete");
    expect((await rows(t.id)).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("a new turn takes over a dead holder's turn and marks its reply interrupted", async () => {
    const t = await createThread(userId);
    const [, ghost] = await seedConversation(t.id, [
      ["user", "hi"],
      ["assistant", "Line 1 of"],
    ]);
    await env.db.message.update({ where: { id: ghost.id }, data: { status: "streaming" } });
    await env.db.thread.update({ where: { id: t.id }, data: { turnHolder: ghost.id, turnHeartbeatAt: new Date(Date.now() - 60_000) } });
    const { outcome } = await completeTurn(userId, t.id, textStart("again"));
    expect(outcome.status).toBe("complete");
    expect(await env.db.message.findUniqueOrThrow({ where: { id: ghost.id } })).toMatchObject({ status: "interrupted", text: "Line 1 of" });
  });

  it("a dead compaction's receipt is closed as interrupted and the next crossing compacts again", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, [
      ["user", "Move callers from getAccount to loadAccount in src/api/accounts.ts."],
      ["assistant", "Loader ready; three callers remain."],
      ["user", "Keep the CLI output unchanged."],
      ["assistant", "I'll keep the formatter."],
    ]);
    // What a process that died mid-summary leaves: a running receipt and a lease whose heartbeat stopped.
    const dead = await env.db.compaction.create({ data: { threadId: t.id, status: "running", trigger: "threshold" } });
    await env.db.thread.update({ where: { id: t.id }, data: { compactionHolder: "dead:1", compactionHeartbeatAt: new Date() } });
    expect((await sweepOnce()).compactions).toBe(0);
    await env.db.thread.update({ where: { id: t.id }, data: { compactionHeartbeatAt: new Date(Date.now() - 60_000) } });
    expect((await sweepOnce()).compactions).toBe(1);
    expect(await env.db.compaction.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ status: "interrupted" });

    // Small budgets, so the four seeded messages are a span worth summarizing.
    process.env.CONTEXT_RECENT_TOKENS = "20";
    process.env.COMPACT_AT_INPUT_TOKENS = "40";
    resetConfigForTests();
    try {
      await afterTurn(t.id, Promise.resolve({ lastInputTokens: 10_000_000, overflow: false }));
    } finally {
      delete process.env.CONTEXT_RECENT_TOKENS;
      delete process.env.COMPACT_AT_INPUT_TOKENS;
      resetConfigForTests();
    }
    const receipts = await env.db.compaction.findMany({ where: { threadId: t.id }, orderBy: { startedAt: "asc" } });
    expect(receipts.map((r) => r.status)).toEqual(["interrupted", "saved"]);
  });
});
