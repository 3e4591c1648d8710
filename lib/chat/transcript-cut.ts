import type { Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";

/** Takes the thread's row lock first, so edits, retries, replies and summary saves queue in one order. */
export async function lockThread(tx: Tx, threadId: string): Promise<void> {
  await tx.thread.update({ where: { id: threadId }, data: { updatedAt: new Date() }, select: { id: true } });
}

/**
 * Removes a live message and everything after it from the live transcript (kept for audit), inside
 * the caller's transaction. The target is claimed with a compare-and-set, so of two concurrent
 * edits or retries of the same message exactly one proceeds.
 */
export async function cutTranscriptAt(tx: Tx, threadId: string, messageId: string, role: "user" | "assistant"): Promise<{ seq: number }> {
  await lockThread(tx, threadId);
  const target = await tx.message.findFirst({ where: { id: messageId, threadId, deletedAt: null }, select: { seq: true, role: true } });
  if (!target) throw notFound("Message");
  if (target.role !== role) {
    throw new AppError(
      "invalid_body",
      role === "user"
        ? "Only a user message can be edited; retry an assistant message instead"
        : "Only an assistant message can be retried; edit a user message instead",
    );
  }
  const now = new Date();
  const claimed = await tx.message.updateMany({ where: { id: messageId, deletedAt: null }, data: { deletedAt: now } });
  if (claimed.count !== 1) throw new AppError("conflict", "The message was changed by another request; reload and try again");
  await tx.message.updateMany({ where: { threadId, deletedAt: null, seq: { gt: target.seq } }, data: { deletedAt: now } });
  return { seq: target.seq };
}
