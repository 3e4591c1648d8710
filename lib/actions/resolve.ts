import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { executeHeld } from "./execute";
import { newLeaseToken, transition } from "./ledger";
import type { ActionOutcome, ActionProvider } from "./types";

export type PersonDecision = "mark_sent" | "send_again";

/**
 * A person settles a needs_human row: "mark_sent" records it as done (learned from the person);
 * "send_again" starts attempt + 1 with the frozen request and the same provider key (so the
 * Message-ID is the same and a recipient can spot the duplicate). Both are journaled with who
 * decided; a row that is no longer needs_human (another tab decided) is a conflict.
 */
export async function resolveAction(
  input: { userId: string; threadId: string; key: string; decision: PersonDecision },
  providerFor: (name: string) => ActionProvider | null,
): Promise<ActionOutcome> {
  const row = await db().actionLedger.findFirst({ where: { userId: input.userId, threadId: input.threadId, key: input.key } });
  if (!row) throw new AppError("not_found", "Action not found");
  if (row.status !== "needs_human") {
    throw new AppError("conflict", `This action is ${row.status}, not waiting for a decision.`, { status: row.status });
  }
  const actor = `user:${input.userId}`;
  const fence = { id: row.id, status: "needs_human" as const, leaseHolder: row.leaseHolder };
  const event = { type: "person_decided", payload: { decision: input.decision }, actor };
  const raced = () => new AppError("conflict", "Someone else decided about this action first.");

  if (input.decision === "mark_sent") {
    const resultId = row.resultId ?? row.providerRef ?? row.providerKey;
    const ok = await transition(fence, { status: "succeeded", learnedBy: "person", resultId, errorCode: null }, event, { outcome: true });
    if (!ok) throw raced();
    return { state: "sent", key: row.key, attempt: row.attempt, resultId, result: {}, deduplicated: false, learnedBy: "person" };
  }

  const provider = providerFor(row.provider);
  if (!provider) throw new AppError("conflict", `The transport "${row.provider}" that owns this action is not configured.`);
  const token = newLeaseToken();
  const ok = await transition(
    fence,
    {
      status: "started",
      attempt: row.attempt + 1,
      leaseHolder: token,
      leaseHeartbeatAt: new Date(),
      errorCode: null,
    },
    event,
  );
  if (!ok) throw raced();
  return executeHeld({ ...row, attempt: row.attempt + 1, status: "started", leaseHolder: token }, provider, {
    status: "started",
    leaseHolder: token,
    learnedBy: "response",
    actor,
  });
}
