import { countTokens } from "@/lib/ai/tokens";
import { countMessageTokens } from "@/lib/context";
import { config } from "@/lib/config";
import { assertMessageLength } from "./message-length";
import { db, type Tx } from "@/lib/db/client";
import { appendMessageTx, type MessageRow } from "@/lib/db/messages";
import { getOwnedThread } from "@/lib/db/threads";
import { AppError } from "@/lib/errors";
import { publishThreadChange } from "@/lib/events/publish";
import { cutTranscriptAt } from "./transcript-cut";
import { requestTurnStop } from "./turn-lease";

/**
 * Editing never mutates: the new text becomes a new message with a new id, and the old message
 * and everything after it leave the live transcript in the same transaction (kept for audit).
 * A summary cut at the old message is stale from then on.
 */
async function editUserMessage(threadId: string, messageId: string, text: string): Promise<MessageRow> {
  const parts = [{ type: "text", text }];
  const tokens = countMessageTokens(parts, countTokens);
  const edited = await db().$transaction(async (tx) => {
    await cutTranscriptAt(tx, threadId, messageId, "user");
    const fresh = await appendMessageTx(tx, threadId, { role: "user", parts, text, tokens });
    await tx.message.update({ where: { id: messageId }, data: { replacedById: fresh.id } });
    // A reply still streaming answers the text that was just replaced: stop it (it stays for audit).
    await requestTurnStop(threadId, tx);
    return fresh;
  });
  void publishThreadChange(threadId, { type: "message.replaced", messageId, replacedBy: edited.id });
  return edited;
}

/**
 * An edit asked for by the thread's owner, as the API's PATCH and the page's server action do it:
 * another user's thread is a 404, a text over MAX_MESSAGE_CHARS a 413.
 */
export async function editOwnMessage(userId: string, threadId: string, messageId: string, text: string): Promise<MessageRow> {
  await getOwnedThread(userId, threadId);
  assertMessageLength(text.length, config().MAX_MESSAGE_CHARS);
  return editUserMessage(threadId, messageId, text);
}

/** The reply to an edited message answers the latest user message, which must end the transcript. */
export async function assertAwaitingReply(tx: Tx, threadId: string, messageId: string): Promise<void> {
  const last = await tx.message.findFirst({
    where: { threadId, deletedAt: null },
    orderBy: { seq: "desc" },
    select: { id: true, role: true },
  });
  if (!last || last.id !== messageId || last.role !== "user") {
    throw new AppError("conflict", "Only the latest user message can be answered again");
  }
}
