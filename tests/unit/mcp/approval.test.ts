import { describe, expect, it } from "vitest";
import { answerApproval } from "@/lib/mcp/approval";
import type { MessagePart } from "@/lib/db/messages";

const pending = (state = "approval-requested"): MessagePart[] => [
  { type: "text", text: "I will drop it." },
  { type: "tool-web__drop", toolCallId: "c1", state, input: { table: "t" }, approval: { id: "a1", signature: "sig" } },
];

describe("answerApproval", () => {
  it("moves the stored call from requested to responded, with the stored arguments", () => {
    const r = answerApproval(pending(), "a1", "allow_once");
    expect(r).toMatchObject({ ok: true, call: { toolCallId: "c1", toolName: "web__drop", input: { table: "t" }, approved: true } });
    if (!r.ok) throw new Error("unreachable");
    expect(r.parts[1]).toMatchObject({ state: "approval-responded", approval: { id: "a1", approved: true, signature: "sig" } });
    expect(r.parts[0]).toEqual(pending()[0]);
  });

  it("records a denial with its reason", () => {
    const r = answerApproval(pending(), "a1", "deny");
    expect(r).toMatchObject({ ok: true, call: { approved: false } });
    if (r.ok) expect(r.parts[1]).toMatchObject({ approval: { approved: false, reason: expect.stringMatching(/Denied/) } });
  });

  it("refuses an id it does not hold, and a call already answered", () => {
    expect(answerApproval(pending(), "forged", "allow_once")).toEqual({ ok: false, reason: "unknown" });
    expect(answerApproval(pending("approval-responded"), "a1", "allow_once")).toEqual({ ok: false, reason: "decided" });
    expect(answerApproval(pending("output-available"), "a1", "deny")).toEqual({ ok: false, reason: "decided" });
  });
});
