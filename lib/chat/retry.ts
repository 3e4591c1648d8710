import { db } from "@/lib/db/client";
import { cutTranscriptAt } from "./transcript-cut";

/**
 * Retrying an assistant message: it and everything after it leave the live transcript in one
 * transaction (kept for audit); the turn then answers the user message before it again.
 * Returns that user message's id, or null when the reply had none before it.
 */
export async function prepareRetry(threadId: string, messageId: string): Promise<string | null> {
  return db().$transaction(async (tx) => {
    const { seq } = await cutTranscriptAt(tx, threadId, messageId, "assistant");
    const answered = await tx.message.findFirst({
      where: { threadId, deletedAt: null, role: "user", seq: { lt: seq } },
      orderBy: { seq: "desc" },
      select: { id: true },
    });
    return answered?.id ?? null;
  });
}
