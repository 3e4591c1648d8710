import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { seedConversation } from "./support/seed";
import { TSX_WORKER } from "./support/tsx-worker";
import { sleep, waitFor } from "./support/wait-for";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import type { MessagePart } from "@/lib/db/messages";
import { sweepExpiredTurn, sweepExpiredTurns } from "@/lib/chat/turn-sweep";
import { writeFile } from "@/lib/workspace/store";

const OPEN = ["input-streaming", "input-available"];
const toolParts = (parts: MessagePart[]) => parts.filter((p) => p.type.startsWith("tool-"));

// After a crash in the middle of a tool loop the interrupted reply shows at least what was done:
// every workspace version the reply made has its tool call with that result, and no tool call is
// left "running".
describe.each(testDatabases())("honest interrupted replies on $name", (target) => {
  let env: Provisioned;
  let userId: string;

  beforeAll(async () => {
    process.env.LEASE_HEARTBEAT_MS = "300";
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.LEASE_HEARTBEAT_MS;
    resetConfigForTests();
    await env?.drop();
  });

  async function expectHonest(replyId: string, workspaceId: string) {
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: replyId } });
    expect(reply.status).toBe("interrupted");
    const parts = toolParts(JSON.parse(reply.parts) as MessagePart[]);
    expect(parts.filter((p) => OPEN.includes(String(p.state)))).toEqual([]);
    const done = await env.db.fileVersion.findMany({ where: { workspaceId, messageId: replyId }, select: { path: true, version: true } });
    const shown = parts
      .filter((p) => p.state === "output-available")
      .map((p) => p.output as { path: string; version: number })
      .map((o) => `${o.path}@${o.version}`);
    for (const v of done) expect(shown).toContain(`${v.path}@${v.version}`);
    return { done, parts };
  }

  it("a reply whose process was killed mid tool loop shows every write it made, with its result", async () => {
    const t = await createThread(userId);
    const writes = Array.from({ length: 300 }, (_, i) => `write notes/n${i}.md\n\`\`\`\nnote ${i}\n\`\`\``).join("\n");
    const child = spawn(process.execPath, [...TSX_WORKER, "tests/integration/support/turn-worker.ts", env.url, userId, t.id, writes], {
      // Every write runs (above the default tool-call bounds), so the kill lands in a long tool loop.
      env: {
        ...process.env,
        OFFLINE_DELAY_MS: "5",
        LEASE_HEARTBEAT_MS: "300",
        MAX_TOOL_CALLS_PER_STEP: "300",
        MAX_TOOL_CALLS_PER_TURN: "300",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const reply = await waitFor(
      () => env.db.message.findFirst({ where: { threadId: t.id, role: "assistant" } }),
      (m) => m !== null,
      60_000,
    );
    let made = 0;
    const until = Date.now() + 60_000;
    while (made < 10 && Date.now() < until) {
      made = await env.db.fileVersion.count({ where: { workspaceId: t.workspaceId, messageId: reply!.id } });
      await sleep(10);
    }
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(made).toBeGreaterThanOrEqual(10);

    await sleep(1200); // three heartbeats and a bit: the holder is dead
    expect(await sweepExpiredTurns()).toBe(1);
    const { done, parts } = await expectHonest(reply!.id, t.workspaceId);
    expect(done.length).toBeGreaterThanOrEqual(10);
    console.log(`[interrupted-tools] ${target.name}: ${done.length} writes made, ${parts.length} tool calls in the reply`);
  }, 120_000);

  it("settles open tool calls from the workspace history when the reply is given up", async () => {
    const t = await createThread(userId);
    const [, reply] = await seedConversation(t.id, [
      ["user", "write two notes"],
      ["assistant", "Writing."],
    ]);
    const open = (id: string, path: string) => ({
      type: "tool-write_file",
      toolCallId: id,
      state: "input-available",
      input: { path, content: "x" },
    });
    const parts = [{ type: "text", text: "Writing." }, open("c1", "a.md"), open("c2", "b.md")];
    await env.db.message.update({ where: { id: reply.id }, data: { status: "streaming", parts: JSON.stringify(parts) } });
    // The first write happened (its history row names the reply); the second never ran.
    await writeFile(t.workspaceId, { path: "a.md", content: "x", baseVersion: null, author: "agent", messageId: reply.id });
    await env.db.thread.update({ where: { id: t.id }, data: { turnHolder: reply.id, turnHeartbeatAt: new Date(Date.now() - 60_000) } });
    expect(await sweepExpiredTurn(t.id)).toBe(true);
    const settled = (await expectHonest(reply.id, t.workspaceId)).parts;
    expect(settled[0]).toMatchObject({ state: "output-available", output: { ok: true, path: "a.md", version: 1 } });
    expect(settled[1]).toMatchObject({ state: "output-error", errorText: expect.stringMatching(/no change from it/) });
  });
});
