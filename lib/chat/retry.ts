import { db, type Tx } from "@/lib/db/client";
import { cutTranscriptAt } from "./transcript-cut";
import type { TurnStart } from "./turn-types";

/**
 * Retrying an assistant message: it and everything after it leave the live transcript, inside the
 * turn's opening transaction (kept for audit); the turn then answers the user message before it
 * again. Returns that user message's id, or null when the reply had none before it.
 */
export async function prepareRetry(tx: Tx, threadId: string, messageId: string): Promise<string | null> {
  const { seq } = await cutTranscriptAt(tx, threadId, messageId, "assistant");
  const answered = await tx.message.findFirst({
    where: { threadId, deletedAt: null, role: "user", seq: { lt: seq } },
    orderBy: { seq: "desc" },
    select: { id: true },
  });
  return answered?.id ?? null;
}

/**
 * What useChat's "regenerate" means for a message: for an assistant message, a retry; for a user
 * message (just edited), answering it again. Only the owner's messages are read; the turn itself
 * checks ownership again as it locks the thread, and liveness.
 */
export async function regenerationStart(userId: string, threadId: string, messageId: string): Promise<TurnStart> {
  const target = await db().message.findFirst({
    where: { id: messageId, threadId, thread: { userId, deletedAt: null } },
    select: { role: true },
  });
  return target?.role === "user" ? { kind: "continue", messageId } : { kind: "retry", messageId };
}
