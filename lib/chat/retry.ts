import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";

/**
 * Retrying an assistant message: it and everything after it leave the live transcript in one
 * transaction (kept for audit); the turn then answers the user message before it again.
 */
export async function prepareRetry(threadId: string, messageId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const target = await tx.message.findFirst({ where: { id: messageId, threadId, deletedAt: null }, select: { seq: true, role: true } });
    if (!target) throw notFound("Message");
    if (target.role !== "assistant") throw new AppError("invalid_body", "Only an assistant message can be retried; edit a user message instead");
    await tx.message.updateMany({ where: { threadId, deletedAt: null, seq: { gte: target.seq } }, data: { deletedAt: new Date() } });
  });
}
