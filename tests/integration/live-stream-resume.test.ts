import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UIMessageChunk } from "ai";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { resetConfigForTests } from "@/tests/support/config";
import { resumeTurnResponse, turnResponse } from "@/lib/chat/live-stream";

/** A reply's UI message stream: start and one text; it finishes when `until` settles. */
function replyStream(text: string, until: Promise<void> = Promise.resolve()): ReadableStream<UIMessageChunk> {
  return new ReadableStream({
    async start(controller) {
      controller.enqueue({ type: "start" });
      controller.enqueue({ type: "text-start", id: "t" });
      controller.enqueue({ type: "text-delta", id: "t", delta: text });
      await until;
      controller.enqueue({ type: "text-end", id: "t" });
      controller.enqueue({ type: "finish" });
      controller.close();
    },
  });
}

/*
 * With REDIS_URL a running turn's stream is published to Redis, and any instance resumes it. The
 * turn holds the thread a moment before that publish starts; a resume in that moment must wait
 * for it, not answer 204 ("nothing to resume") while the turn runs.
 */
describe.runIf(process.env.TEST_REDIS_URL)("resuming a turn's live stream through Redis", () => {
  let env: Provisioned;
  let threadId: string;
  beforeAll(async () => {
    process.env.REDIS_URL = process.env.TEST_REDIS_URL;
    resetConfigForTests();
    env = await provision(testDatabases()[0]!, "lrc_live");
    const userId = (await env.db.user.create({ data: {} })).id;
    const ws = await env.db.workspace.create({ data: { userId } });
    threadId = (await env.db.thread.create({ data: { userId, workspaceId: ws.id } })).id;
  });
  afterAll(async () => {
    delete process.env.REDIS_URL;
    resetConfigForTests();
    await env?.drop();
  });

  const holdThread = (holder: string | null) =>
    env.db.thread.update({ where: { id: threadId }, data: { turnHolder: holder, turnHeartbeatAt: holder ? new Date() : null } });

  it("a resume that arrives before the running turn's stream is published waits for it and follows it to the end", async () => {
    const replyId = `m-${crypto.randomUUID()}`;
    await holdThread(replyId);
    const resumed = resumeTurnResponse(threadId);
    await new Promise((r) => setTimeout(r, 300));
    let finish!: () => void;
    const original = turnResponse({
      assistantMessageId: replyId,
      answeredMessageId: null,
      stream: replyStream("published after the claim", new Promise<void>((r) => (finish = r))),
      outcome: new Promise(() => {}),
    }).text();
    const response = await resumed;
    expect(response.status).toBe(200);
    finish();
    expect(await original).toContain("published after the claim");
    const body = await response.text();
    expect(body).toContain('"type":"start"');
    expect(body).toContain("published after the claim");
    await holdThread(null);
  });

  it("a finished stream, or no running turn, is nothing to resume", async () => {
    const replyId = `m-${crypto.randomUUID()}`;
    await holdThread(replyId);
    await turnResponse({
      assistantMessageId: replyId,
      answeredMessageId: null,
      stream: replyStream("done"),
      outcome: new Promise(() => {}),
    }).text();
    // The publish settles in the background after the last byte.
    await expect.poll(async () => (await resumeTurnResponse(threadId)).status, { timeout: 5_000 }).toBe(204);
    await holdThread(null);
    expect((await resumeTurnResponse(threadId)).status).toBe(204);
  });

  it("a running turn whose stream never appears is answered 204 after a bounded wait", async () => {
    await holdThread(`m-${crypto.randomUUID()}`);
    const t0 = Date.now();
    expect((await resumeTurnResponse(threadId)).status).toBe(204);
    expect(Date.now() - t0).toBeLessThan(6_000);
    await holdThread(null);
  });
});
