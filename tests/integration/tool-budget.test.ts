import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { resetConfigForTests } from "@/lib/config";
import { createThread } from "@/lib/db/threads";
import type { MessagePart } from "@/lib/db/messages";

const writes = (n: number) => Array.from({ length: n }, (_, i) => `write notes/n${i}.md\n\`\`\`\nnote ${i}\n\`\`\``).join("\n");

// One message asking for many tool calls cannot hold a turn: past MAX_TOOL_CALLS_PER_STEP calls in a
// step, or MAX_TOOL_CALLS_PER_TURN in the turn, nothing more runs and the model is told why.
describe.each(testDatabases())("tool-call bounds on $name", (target) => {
  let env: Provisioned;
  let userId: string;

  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.MAX_TOOL_CALLS_PER_STEP;
    delete process.env.MAX_TOOL_CALLS_PER_TURN;
    resetConfigForTests();
    await env?.drop();
  });

  const bounds = (perStep: number, perTurn: number) => {
    process.env.MAX_TOOL_CALLS_PER_STEP = String(perStep);
    process.env.MAX_TOOL_CALLS_PER_TURN = String(perTurn);
    resetConfigForTests();
  };

  async function turnWith(text: string) {
    const t = await createThread(userId);
    const { outcome } = await completeTurn(userId, t.id, textStart(text));
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: outcome.assistantMessageId } });
    const calls = (JSON.parse(reply.parts) as MessagePart[]).filter((p) => p.type === "tool-write_file");
    const refused = calls.filter((p) => (p.output as { error?: string } | undefined)?.error === "tool_call_limit");
    const written = await env.db.fileVersion.count({ where: { workspaceId: t.workspaceId, messageId: reply.id } });
    const modelCalls = await env.db.modelCall.count({ where: { threadId: t.id, kind: "chat" } });
    return { outcome, calls, refused, written, modelCalls };
  }

  it("runs at most MAX_TOOL_CALLS_PER_STEP calls of one step and refuses the rest", async () => {
    bounds(20, 100);
    const r = await turnWith(writes(50));
    expect(r.outcome.status).toBe("complete");
    expect(r.calls).toHaveLength(50);
    expect(r.written).toBe(20);
    expect(r.refused).toHaveLength(30);
    expect((r.refused[0].output as { message: string }).message).toMatch(/at most 20 tool calls run in one step/);
    // The loop went on: the model answered the results in a second step.
    expect(r.modelCalls).toBe(2);
  });

  it("stops the tool loop once the turn's calls reach MAX_TOOL_CALLS_PER_TURN", async () => {
    bounds(100, 30);
    const r = await turnWith(writes(50));
    expect(r.outcome.status).toBe("complete");
    expect(r.written).toBe(30);
    expect(r.refused).toHaveLength(20);
    expect((r.refused[0].output as { message: string }).message).toMatch(/limit of 30 tool calls/);
    expect(r.modelCalls).toBe(1);
  });

  it("leaves a turn within both bounds untouched", async () => {
    bounds(20, 100);
    const r = await turnWith(writes(5));
    expect(r.written).toBe(5);
    expect(r.refused).toHaveLength(0);
  });
});
