import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { openTurnInOneStatement } from "@/lib/chat/turn-open-statement";
import { createThread } from "@/lib/db/threads";
import type { NewMessage } from "@/lib/db/messages";

vi.mock("@/lib/chat/turn-open-statement", async (original) => {
  const actual = await original<typeof import("@/lib/chat/turn-open-statement")>();
  return { openTurnInOneStatement: vi.fn(actual.openTurnInOneStatement) };
});

// PostgreSQL only: SQLite opens every turn with the transaction of turn-start.ts.
describe.each(testDatabases().filter((d) => d.name === "postgres"))("a turn opened in one statement on $name", (target) => {
  let env: Provisioned;
  let userId: string;

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    await env?.drop();
  });

  const message = (text: string): NewMessage & { id: string } => ({
    id: `msg_user_${Math.random().toString(36).slice(2)}`,
    role: "user",
    parts: [{ type: "text", text }],
    text,
    tokens: 3,
  });
  const reply = (id: string) => ({ id });
  const open = (threadId: string, who = userId, replyId = `msg_${Math.random().toString(36).slice(2)}`) =>
    openTurnInOneStatement(env.db, { userId: who, threadId }, message("Plan the migration"), reply(replyId), "Plan the migration");

  it("claims the thread, stores the message and the streaming reply after the last seq, and names a new chat", async () => {
    const t = await createThread(userId);
    const before = Date.now();
    const opened = await open(t.id, userId, "msg_reply_one");
    expect(opened).toEqual({ answeredMessageId: expect.any(String), workspaceId: t.workspaceId });
    const thread = await env.db.thread.findUniqueOrThrow({ where: { id: t.id } });
    expect(thread).toMatchObject({ turnHolder: "msg_reply_one", turnStopAt: null, lastSeq: 2, title: "Plan the migration" });
    expect(thread.turnHeartbeatAt!.getTime()).toBeGreaterThanOrEqual(before);
    const rows = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    expect(rows.map((m) => [m.id, m.seq, m.role, m.status, m.text, m.tokens, JSON.parse(m.parts)])).toEqual([
      [opened!.answeredMessageId, 1, "user", "complete", "Plan the migration", 3, [{ type: "text", text: "Plan the migration" }]],
      ["msg_reply_one", 2, "assistant", "streaming", "", 0, []],
    ]);
    for (const m of rows) expect(Math.abs(m.createdAt.getTime() - before)).toBeLessThan(60_000);
  });

  it("leaves a named chat's title alone", async () => {
    const t = await createThread(userId);
    await env.db.thread.update({ where: { id: t.id }, data: { title: "Chosen by hand" } });
    await open(t.id);
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: t.id } })).title).toBe("Chosen by hand");
  });

  it("claims nothing and stores nothing for a running turn, a stranger or a deleted thread", async () => {
    const running = await createThread(userId);
    expect(await open(running.id)).not.toBeNull();
    const stranger = (await env.db.user.create({ data: {} })).id;
    const mine = await createThread(userId);
    const deleted = await createThread(userId);
    await env.db.thread.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    const snapshot = async (id: string) => ({
      thread: await env.db.thread.findUniqueOrThrow({ where: { id } }),
      count: await env.db.message.count({ where: { threadId: id } }),
    });
    const cases: Array<[string, string]> = [
      [running.id, userId],
      [mine.id, stranger],
      [deleted.id, userId],
    ];
    for (const [threadId, who] of cases) {
      const before = await snapshot(threadId);
      expect(await open(threadId, who)).toBeNull();
      expect(await snapshot(threadId)).toEqual(before);
    }
  });

  it("is how the turn runner opens a new message's turn, and an expired turn still goes to the transaction", async () => {
    const t = await createThread(userId);
    vi.mocked(openTurnInOneStatement).mockClear();
    const { outcome } = await completeTurn(userId, t.id, textStart("hello"));
    expect(outcome.status).toBe("complete");
    expect(await vi.mocked(openTurnInOneStatement).mock.results[0].value).toEqual({
      answeredMessageId: outcome.userMessageId,
      workspaceId: t.workspaceId,
    });
    const { answeredMessageId } = (await open(t.id))!;
    await env.db.thread.update({ where: { id: t.id }, data: { turnHeartbeatAt: new Date(Date.now() - 3_600_000) } });
    const second = await completeTurn(userId, t.id, textStart("again"));
    expect(second.outcome.status).toBe("complete");
    const rows = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    expect(rows.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "interrupted"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(rows[2].id).toBe(answeredMessageId);
  });

  it("of two concurrent openings of one thread, exactly one claims it", async () => {
    const t = await createThread(userId);
    const results = await Promise.all([open(t.id), open(t.id), open(t.id)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await env.db.message.findMany({ where: { threadId: t.id } })).map((m) => m.seq).sort()).toEqual([1, 2]);
  });
});
