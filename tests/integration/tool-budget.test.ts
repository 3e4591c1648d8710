import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import type { MessagePart } from "@/lib/db/messages";

const writes = (n: number) => Array.from({ length: n }, (_, i) => `write notes/n${i}.md\n\`\`\`\nnote ${i}\n\`\`\``).join("\n");

// One message asking for many tool calls cannot hold a turn: past MAX_TOOL_CALLS_PER_STEP calls in a
// step, or MAX_TOOL_CALLS_PER_TURN in the turn, the turn ends and nothing of that step runs
// (turn-bounds.test.ts has the flood itself); at the turn's bound exactly, the loop stops.
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

  it("a step asking for more than MAX_TOOL_CALLS_PER_STEP calls ends the turn before any of them runs", async () => {
    bounds(20, 100);
    const r = await turnWith(writes(50));
    // Tools run once a model step has ended; the turn guard aborted this one at its 21st call.
    expect(r.outcome).toMatchObject({ status: "stopped", bound: "tool_calls_per_step" });
    expect(r.calls).toHaveLength(20);
    expect(r.written).toBe(0);
    for (const call of r.calls) expect(call.errorText).toMatch(/^Not run: .*more than 20 tool calls in one step/);
    expect(r.modelCalls).toBe(1);
  });

  it("runs a step of exactly MAX_TOOL_CALLS_PER_STEP calls, and the loop goes on", async () => {
    bounds(20, 100);
    const r = await turnWith(writes(20));
    expect(r.outcome).toMatchObject({ status: "complete", bound: null });
    expect(r.written).toBe(20);
    expect(r.refused).toHaveLength(0);
    // The model answered the results in a second step.
    expect(r.modelCalls).toBe(2);
  });

  it("stops the tool loop once the turn's calls reach MAX_TOOL_CALLS_PER_TURN", async () => {
    bounds(100, 30);
    const r = await turnWith(writes(30));
    expect(r.outcome).toMatchObject({ status: "complete", bound: null });
    expect(r.written).toBe(30);
    expect(r.refused).toHaveLength(0);
    // No second step: the budget was spent, so the model was not called again.
    expect(r.modelCalls).toBe(1);
  });

  it("a step taking the turn past MAX_TOOL_CALLS_PER_TURN ends it, nothing of that step run", async () => {
    bounds(100, 30);
    const r = await turnWith(writes(50));
    expect(r.outcome).toMatchObject({ status: "stopped", bound: "tool_calls_per_turn" });
    expect(r.calls).toHaveLength(30);
    expect(r.written).toBe(0);
  });

  it("leaves a turn within both bounds untouched", async () => {
    bounds(20, 100);
    const r = await turnWith(writes(5));
    expect(r.written).toBe(5);
    expect(r.refused).toHaveLength(0);
  });
});
