import { db } from "@/lib/db/client";
import { appendMessageTx, type NewMessage } from "@/lib/db/messages";
import { lockThread } from "./transcript-cut";

/**
 * Stores the assistant message at the end of the thread. If an edit or retry (another tab, another
 * instance) removed the user message it answers while it streamed, the reply would read as an
 * answer to the new text: it is kept for audit but not in the live transcript.
 */
export async function storeReply(threadId: string, answeredId: string | null, reply: NewMessage): Promise<void> {
  await db().$transaction(async (tx) => {
    await lockThread(tx, threadId);
    const answered = answeredId
      ? await tx.message.findFirst({ where: { id: answeredId, threadId, deletedAt: null }, select: { id: true } })
      : { id: null };
    await appendMessageTx(tx, threadId, { ...reply, deletedAt: answered ? null : new Date() });
  });
}
