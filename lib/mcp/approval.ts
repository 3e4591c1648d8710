/*
 * A person's answer to a pending tool call, applied to the stored reply's parts (pure). The answer
 * names only the approval id; everything else (which tool, which arguments) comes from the part the
 * server stored when the model asked, so a browser cannot approve a call that was never requested
 * or change its arguments. Only a part still `approval-requested` can be answered: a replay finds
 * it `approval-responded` and is refused.
 */
import type { MessagePart } from "@/lib/db/messages";

export const APPROVAL_DECISIONS = ["allow_once", "allow_thread", "deny"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The call an answered approval continues: what the continuation's reply shows as its tool part. */
export type AnsweredCall = { toolCallId: string; toolName: string; input: unknown; approved: boolean };

export type ApprovalAnswer = { ok: true; parts: MessagePart[]; call: AnsweredCall } | { ok: false; reason: "unknown" | "decided" };

/** Stored as the approval's reason: the model reads it, and the card shows what was decided. */
export const DECISION_REASONS: Record<ApprovalDecision, string> = {
  allow_once: "Allowed once by the person.",
  allow_thread: "Allowed by the person, and always allowed in this thread from now on.",
  deny: "Denied by the person; the call was not run.",
};

type ApprovalPart = MessagePart & {
  toolCallId: string;
  state: string;
  input?: unknown;
  approval: { id: string } & Record<string, unknown>;
};

function isApprovalPart(p: MessagePart): p is ApprovalPart {
  const a = (p as { approval?: unknown }).approval;
  return p.type.startsWith("tool-") && typeof a === "object" && a !== null && typeof (a as { id?: unknown }).id === "string";
}

export function answerApproval(parts: MessagePart[], approvalId: string, decision: ApprovalDecision): ApprovalAnswer {
  const idx = parts.findIndex((p) => isApprovalPart(p) && p.approval.id === approvalId);
  if (idx < 0) return { ok: false, reason: "unknown" };
  const part = parts[idx] as ApprovalPart;
  if (part.state !== "approval-requested") return { ok: false, reason: "decided" };
  const approved = decision !== "deny";
  const answered: ApprovalPart = {
    ...part,
    state: "approval-responded",
    approval: { ...part.approval, approved, reason: DECISION_REASONS[decision] },
  };
  const next = parts.map((p, i) => (i === idx ? answered : p));
  return {
    ok: true,
    parts: next,
    call: { toolCallId: part.toolCallId, toolName: part.type.slice("tool-".length), input: part.input, approved },
  };
}
