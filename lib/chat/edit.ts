import { countTokens } from "@/lib/ai/tokens";
import { getChatModel } from "@/lib/ai/registry";
import { countMessageTokens } from "@/lib/context";
import { db } from "@/lib/db/client";
import { appendMessageTx, type StoredMessage } from "@/lib/db/messages";
import { AppError, notFound } from "@/lib/errors";

/**
 * Editing never mutates: the new text becomes a new message with a new id, and the old message
 * and everything after it leave the live transcript in the same transaction (kept for audit).
 * A summary cut at the old message is stale from then on.
 */
export async function editUserMessage(threadId: string, messageId: string, text: string): Promise<StoredMessage> {
  const family = getChatModel().family;
  const parts = [{ type: "text", text }];
  const tokens = countMessageTokens(parts, (t) => countTokens(t, family));
  return db().$transaction(async (tx) => {
    const target = await tx.message.findFirst({ where: { id: messageId, threadId, deletedAt: null }, select: { seq: true, role: true } });
    if (!target) throw notFound("Message");
    if (target.role !== "user") throw new AppError("invalid_body", "Only a user message can be edited; retry an assistant message instead");
    const removed = await tx.message.updateMany({
      where: { threadId, deletedAt: null, seq: { gte: target.seq } },
      data: { deletedAt: new Date() },
    });
    if (removed.count === 0) throw new AppError("conflict", "The message was changed by another request; reload and try again");
    const fresh = await appendMessageTx(tx, threadId, { role: "user", parts, text, tokens });
    await tx.message.update({ where: { id: messageId }, data: { replacedById: fresh.id } });
    return fresh;
  });
}

/** The reply to an edited message answers the latest user message, which must end the transcript. */
export async function assertAwaitingReply(threadId: string, messageId: string): Promise<void> {
  const last = await db().message.findFirst({ where: { threadId, deletedAt: null }, orderBy: { seq: "desc" }, select: { id: true, role: true } });
  if (!last || last.id !== messageId || last.role !== "user") {
    throw new AppError("conflict", "Only the latest user message can be answered again");
  }
}
