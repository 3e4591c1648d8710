import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, stoppedTurn, textStart } from "./support/turns";
import { createThread, getOwnedThread, listThreads, renameThread, deleteThread } from "@/lib/db/threads";
import { appendMessage, listMessagesPage } from "@/lib/db/messages";
import { editOwnMessage } from "@/lib/chat/edit";
import { runTurn } from "@/lib/chat/turn";

describe.each(testDatabases())("chat turn on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    otherUserId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  it("creates, lists newest first, renames and deletes threads, scoped to the owner", async () => {
    const a = await createThread(userId, "first");
    const b = await createThread(userId);
    const listed = await listThreads(userId);
    expect(listed.map((t) => t.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect((await renameThread(userId, a.id, "renamed")).title).toBe("renamed");
    await expect(getOwnedThread(otherUserId, a.id)).rejects.toMatchObject({ status: 404 });
    await expect(renameThread(otherUserId, a.id, "x")).rejects.toMatchObject({ status: 404 });
    await expect(deleteThread(otherUserId, a.id)).rejects.toMatchObject({ status: 404 });
    await deleteThread(userId, a.id);
    await expect(getOwnedThread(userId, a.id)).rejects.toMatchObject({ status: 404 });
    expect((await listThreads(otherUserId)).length).toBe(0);
  });

  it("gives concurrent messages distinct consecutive sequence numbers", async () => {
    const t = await createThread(userId);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendMessage(t.id, { role: "user", parts: [{ type: "text", text: `m${i}` }], text: `m${i}`, tokens: 1 }),
      ),
    );
    const rows = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("pages the transcript oldest-first within a page, newest page first", async () => {
    const t = await createThread(userId);
    for (let i = 1; i <= 7; i++)
      await appendMessage(t.id, { role: "user", parts: [{ type: "text", text: `p${i}` }], text: `p${i}`, tokens: 1 });
    const first = await listMessagesPage(t.id, { limit: 3 });
    expect(first.messages.map((m) => m.text)).toEqual(["p5", "p6", "p7"]);
    const second = await listMessagesPage(t.id, { limit: 3, beforeSeq: Number(first.nextCursor) });
    expect(second.messages.map((m) => m.text)).toEqual(["p2", "p3", "p4"]);
    const third = await listMessagesPage(t.id, { limit: 3, beforeSeq: Number(second.nextCursor) });
    expect(third.messages.map((m) => m.text)).toEqual(["p1"]);
    expect(third.nextCursor).toBeNull();
  });

  it("stores the user message, streams, stores the reply and records the model call", async () => {
    const t = await createThread(userId);
    const { outcome, body } = await completeTurn(userId, t.id, textStart("Plan the loader migration"));
    expect(outcome.status).toBe("complete");
    expect(body).toContain("text-delta");
    const msgs = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    expect(msgs.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(msgs[1].text).toMatch(/offline/i);
    expect(msgs[0].tokens).toBeGreaterThan(0);
    expect(msgs[1].tokens).toBeGreaterThan(0);
    const calls = await env.db.modelCall.findMany({ where: { threadId: t.id } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: "chat", modelId: "offline", messageId: msgs[1].id, summaryApplied: false });
    expect(calls[0].inputTokens).toBeGreaterThan(0);
    expect(calls[0].outputTokens).toBeGreaterThan(0);
    expect((await getOwnedThread(userId, t.id)).title).toBe("Plan the loader migration");
  });

  it("keeps the user message and records the error when the model fails", async () => {
    const t = await createThread(userId);
    const { outcome } = await completeTurn(userId, t.id, textStart("fail"));
    expect(outcome.status).toBe("error");
    const msgs = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    expect(msgs.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "error"],
    ]);
    expect(msgs[1].error).toMatch(/error/i);
    const calls = await env.db.modelCall.findMany({ where: { threadId: t.id } });
    expect(calls.some((c) => c.error)).toBe(true);
  });

  it("keeps the partial text when the reply is stopped mid-stream", async () => {
    const t = await createThread(userId);
    const { outcome } = await stoppedTurn(userId, t.id, textStart("long 400"), 60);
    expect(outcome.status).toBe("stopped");
    const reply = await env.db.message.findFirst({ where: { threadId: t.id, role: "assistant" } });
    expect(reply?.status).toBe("stopped");
    expect(reply?.text).toContain("Line 1 of 400");
    expect(reply?.text).not.toContain("Line 400 of 400");
  });

  it("retry replaces the assistant message and keeps the old one for audit", async () => {
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart("fail"));
    const failed = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "assistant" } });
    // The retried turn answers the same user message; `fail` fails again, which is fine: a new row.
    await completeTurn(userId, t.id, { kind: "retry", messageId: failed.id });
    const live = await env.db.message.findMany({ where: { threadId: t.id, deletedAt: null }, orderBy: { seq: "asc" } });
    expect(live).toHaveLength(2);
    expect(live[1].id).not.toBe(failed.id);
    const old = await env.db.message.findUniqueOrThrow({ where: { id: failed.id } });
    expect(old.deletedAt).not.toBeNull();
    await expect(completeTurn(userId, t.id, { kind: "retry", messageId: live[0].id })).rejects.toMatchObject({ status: 400 });
    await expect(completeTurn(otherUserId, t.id, { kind: "retry", messageId: live[1].id })).rejects.toMatchObject({ status: 404 });
  });

  it("of two concurrent edits (or retries) of one message exactly one wins", async () => {
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart("first"));
    const [user] = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    const edits = await Promise.allSettled([
      editOwnMessage(userId, t.id, user.id, "edit A"),
      editOwnMessage(userId, t.id, user.id, "edit B"),
    ]);
    expect(edits.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(edits.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: expect.any(Number) } });
    const live = await env.db.message.findMany({ where: { threadId: t.id, deletedAt: null } });
    expect(live).toHaveLength(1);
    expect(["edit A", "edit B"]).toContain(live[0].text);

    await completeTurn(userId, t.id, { kind: "continue", messageId: live[0].id });
    const reply = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, deletedAt: null, role: "assistant" } });
    const retries = await Promise.allSettled([
      completeTurn(userId, t.id, { kind: "retry", messageId: reply.id }),
      completeTurn(userId, t.id, { kind: "retry", messageId: reply.id }),
    ]);
    expect(retries.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await env.db.message.count({ where: { threadId: t.id, deletedAt: null } })).toBe(2);
  });

  it("a reply whose user message was edited away while it streamed is kept for audit only", async () => {
    const t = await createThread(userId);
    const turn = await runTurn({ userId, threadId: t.id, start: textStart("long 300") });
    const reader = turn.stream.getReader();
    await reader.read();
    const user = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "user" } });
    const edited = await editOwnMessage(userId, t.id, user.id, "never mind, something else");
    while (!(await reader.read()).done) {
      /* drain like a browser */
    }
    await turn.outcome;
    const rows = await env.db.message.findMany({ where: { threadId: t.id }, orderBy: { seq: "asc" } });
    const reply = rows.find((m) => m.role === "assistant")!;
    expect(reply.deletedAt).not.toBeNull();
    const live = rows.filter((m) => m.deletedAt === null);
    expect(live.map((m) => m.id)).toEqual([edited.id]);
  });
});
