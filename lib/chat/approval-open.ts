import type { Tx } from "@/lib/db/client";
import type { MessagePart } from "@/lib/db/messages";
import { AppError, notFound } from "@/lib/errors";
import { answerApproval, type AnsweredCall, type ApprovalDecision } from "@/lib/mcp/approval";
import { setMcpModeTx } from "@/lib/mcp/policy-store";

/**
 * Inside a continuation turn's opening transaction (the thread locked, ownership checked): applies
 * the person's answer to the pending call stored on the thread's last reply, with one
 * compare-and-set on that reply's parts, so of two answers racing (two tabs, two instances) one
 * moves the call from requested to responded and the other matches nothing (409). An approval id
 * the last reply does not hold (forged, another thread's, or a reply the conversation has moved on
 * from) is a 404; one already answered is a 409. "Always in this thread" stores `allow` for the
 * tool in the same transaction. Returns the user message the reply answered and the call.
 */
export async function answerPendingCallTx(
  tx: Tx,
  threadId: string,
  answer: { approvalId: string; decision: ApprovalDecision },
): Promise<{ answeredMessageId: string | null; call: AnsweredCall }> {
  const last = await tx.message.findFirst({
    where: { threadId, deletedAt: null },
    orderBy: { seq: "desc" },
    select: { id: true, role: true, seq: true, parts: true, status: true },
  });
  if (!last || last.role !== "assistant" || last.status === "streaming") throw notFound("Approval");
  const answered = answerApproval(JSON.parse(last.parts) as MessagePart[], answer.approvalId, answer.decision);
  if (!answered.ok) {
    if (answered.reason === "unknown") throw notFound("Approval");
    throw new AppError("conflict", "This call was already decided");
  }
  const { count } = await tx.message.updateMany({
    where: { id: last.id, parts: last.parts },
    data: { parts: JSON.stringify(answered.parts) },
  });
  if (count !== 1) throw new AppError("conflict", "This call was already decided");
  if (answer.decision === "allow_thread") await setMcpModeTx(tx, threadId, answered.call.toolName, "allow");
  const user = await tx.message.findFirst({
    where: { threadId, deletedAt: null, role: "user", seq: { lt: last.seq } },
    orderBy: { seq: "desc" },
    select: { id: true },
  });
  return { answeredMessageId: user?.id ?? null, call: answered.call };
}
