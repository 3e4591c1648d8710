import { describe, expect, it } from "vitest";
import { testDatabases } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { mcpTestBed } from "./support/mcp-settings";
import { createThread } from "@/lib/db/threads";
import type { MessagePart } from "@/lib/db/messages";
import type { ApprovalDecision } from "@/lib/mcp/approval";
import { setOwnMcpMode } from "@/lib/mcp/policy-store";
import { threadMcpPolicy } from "@/lib/mcp/policy-view";

type ToolPart = MessagePart & { toolCallId: string; state: string; approval?: { id: string; approved?: boolean; reason?: string } };

// Approvals of MCP calls through real turns (offline model, `call <tool> <JSON>`) against a real
// MCP server on loopback whose side counts the calls: a call that asks stops the reply; the
// person's answer continues the turn from the server's own stored call, once.
describe.each(testDatabases())("MCP approvals on $name", (target) => {
  const bed = mcpTestBed(target);

  const deletes = () => bed.web.calls.filter((c) => c === "delete_everything").length;

  async function toolParts(messageId: string): Promise<{ parts: ToolPart[]; text: string }> {
    const row = await bed.env.db.message.findUniqueOrThrow({ where: { id: messageId } });
    const parts = (JSON.parse(row.parts) as MessagePart[]).filter((p) => p.type.startsWith("tool-")) as ToolPart[];
    return { parts, text: row.text };
  }

  /** A thread whose last reply waits on a call of `tool`; returns its approval id. */
  async function pending(text = "call web__delete_everything {}") {
    const t = await createThread(bed.userId);
    const { outcome } = await completeTurn(bed.userId, t.id, textStart(text));
    expect(outcome.status).toBe("complete");
    const { parts } = await toolParts(outcome.assistantMessageId);
    expect(parts).toHaveLength(1);
    expect(parts[0].state).toBe("approval-requested");
    return { threadId: t.id, replyId: outcome.assistantMessageId, approvalId: parts[0].approval!.id };
  }

  const answer = (threadId: string, approvalId: string, decision: ApprovalDecision, who = bed.userId) =>
    completeTurn(who, threadId, { kind: "approval", approvalId, decision });

  it("stops the reply at a call that asks, without running it, and runs it once when allowed", async () => {
    const before = deletes();
    const p = await pending();
    expect(deletes()).toBe(before);
    const { outcome } = await answer(p.threadId, p.approvalId, "allow_once");
    expect(outcome.status).toBe("complete");
    expect(deletes()).toBe(before + 1);
    const first = await toolParts(p.replyId);
    expect(first.parts[0]).toMatchObject({ state: "approval-responded", approval: { approved: true } });
    const cont = await toolParts(outcome.assistantMessageId);
    expect(cont.parts).toEqual([
      expect.objectContaining({
        toolCallId: first.parts[0].toolCallId,
        state: "output-available",
        output: { ok: true, content: "deleted" },
      }),
    ]);
    expect(cont.text).toContain("web__delete_everything: ");
    // Replayed: the call is answered already and the conversation moved on; nothing runs again.
    await expect(answer(p.threadId, p.approvalId, "allow_once")).rejects.toMatchObject({ status: 404 });
    // A later turn's input holds the call once (the answered request is left out), so it goes on.
    const later = await completeTurn(bed.userId, p.threadId, textStart("thanks"));
    expect(later.outcome.status).toBe("complete");
    expect(deletes()).toBe(before + 1);
  });

  it("does not run a denied call, and the model is told", async () => {
    const before = deletes();
    const p = await pending();
    const { outcome } = await answer(p.threadId, p.approvalId, "deny");
    expect(outcome.status).toBe("complete");
    expect(deletes()).toBe(before);
    const cont = await toolParts(outcome.assistantMessageId);
    expect(cont.parts[0]).toMatchObject({ state: "output-denied" });
    expect((await toolParts(p.replyId)).parts[0]).toMatchObject({ approval: { approved: false, reason: expect.stringMatching(/Denied/) } });
  });

  it("refuses a forged approval id, and another user's thread (404), and runs nothing", async () => {
    const before = deletes();
    const p = await pending();
    await expect(answer(p.threadId, "forged-approval", "allow_once")).rejects.toMatchObject({ status: 404 });
    const other = (await bed.env.db.user.create({ data: {} })).id;
    await expect(answer(p.threadId, p.approvalId, "allow_once", other)).rejects.toMatchObject({ status: 404 });
    // An approval id from another thread does not approve this one's call.
    const q = await pending();
    await expect(answer(p.threadId, q.approvalId, "allow_once")).rejects.toMatchObject({ status: 404 });
    expect(deletes()).toBe(before);
    expect((await toolParts(p.replyId)).parts[0].state).toBe("approval-requested");
  });

  it("runs the call once when two approvals race", async () => {
    const before = deletes();
    const p = await pending();
    const results = await Promise.allSettled([
      answer(p.threadId, p.approvalId, "allow_once"),
      answer(p.threadId, p.approvalId, "allow_once"),
      answer(p.threadId, p.approvalId, "allow_thread"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as { status: number }).status).toBe(409);
    expect(deletes()).toBe(before + 1);
  });

  it("stores 'always in this thread', after which the tool runs without asking; 'never' refuses it", async () => {
    const before = deletes();
    const p = await pending();
    await answer(p.threadId, p.approvalId, "allow_thread");
    expect(deletes()).toBe(before + 1);
    expect(await bed.env.db.mcpToolPolicy.findMany({ where: { threadId: p.threadId } })).toMatchObject([
      { tool: "web__delete_everything", mode: "allow" },
    ]);
    const again = await completeTurn(bed.userId, p.threadId, textStart("call web__delete_everything {}"));
    expect((await toolParts(again.outcome.assistantMessageId)).parts[0]).toMatchObject({ state: "output-available" });
    expect(deletes()).toBe(before + 2);

    await setOwnMcpMode(bed.userId, p.threadId, "web__delete_everything", "never");
    const refused = await completeTurn(bed.userId, p.threadId, textStart("call web__delete_everything {}"));
    expect((await toolParts(refused.outcome.assistantMessageId)).parts[0]).toMatchObject({ state: "output-denied" });
    expect(deletes()).toBe(before + 2);
  });

  it("asks before running an untrusted server's read-only tool, and runs a trusted one's at once", async () => {
    const before = bed.web.calls.length;
    const p = await pending('call webx__lookup {"word": "lease"}');
    expect(bed.web.calls.length).toBe(before);
    const t = await createThread(bed.userId);
    const { outcome } = await completeTurn(bed.userId, t.id, textStart('call web__lookup {"word": "lease"}'));
    expect((await toolParts(outcome.assistantMessageId)).parts[0]).toMatchObject({ state: "output-available" });
    expect(bed.web.calls.length).toBe(before + 1);
    await expect(setOwnMcpMode(bed.userId + "x", p.threadId, "webx__lookup", "allow")).rejects.toMatchObject({ status: 404 });
  });

  it("lists the thread's MCP tools with their modes and defaults, for the owner only", async () => {
    const t = await createThread(bed.userId);
    await setOwnMcpMode(bed.userId, t.id, "web__lookup", "never");
    const { tools } = await threadMcpPolicy(bed.userId, t.id);
    const byName = new Map(tools.map((r) => [r.name, r]));
    expect(byName.get("web__lookup")).toMatchObject({ server: "web", trusted: true, readOnly: true, mode: "never", defaultMode: "allow" });
    expect(byName.get("web__delete_everything")).toMatchObject({ readOnly: false, mode: "ask", defaultMode: "ask" });
    expect(byName.get("webx__lookup")).toMatchObject({ trusted: false, readOnly: true, mode: "ask", defaultMode: "ask" });
    const other = (await bed.env.db.user.create({ data: {} })).id;
    await expect(threadMcpPolicy(other, t.id)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a stored request whose arguments changed after it was signed, and runs nothing", async () => {
    const before = deletes();
    const p = await pending();
    const row = await bed.env.db.message.findUniqueOrThrow({ where: { id: p.replyId } });
    const parts = JSON.parse(row.parts) as ToolPart[];
    const tampered = parts.map((part) => (part.approval ? { ...part, input: { everything: true } } : part));
    await bed.env.db.message.update({ where: { id: p.replyId }, data: { parts: JSON.stringify(tampered) } });
    const { outcome } = await answer(p.threadId, p.approvalId, "allow_once");
    expect(outcome.status).toBe("error");
    expect(deletes()).toBe(before);
  });
});
