import { countTokens } from "@/lib/ai/tokens";
import { getChatModel } from "@/lib/ai/registry";
import { countMessageTokens, messageText } from "@/lib/context";
import { retryWhenBusy } from "@/lib/db/busy-retry";
import { db, type Tx } from "@/lib/db/client";
import { appendMessageTx } from "@/lib/db/messages";
import { assertAwaitingReply } from "./edit";
import { prepareRetry } from "./retry";
import { lockThread } from "./transcript-cut";
import { claimTurnTx } from "./turn-lease";
import type { TurnStart } from "./turn-types";

/**
 * Opens a turn in ONE transaction, before the model is called: the thread is claimed (one turn at
 * a time), the transcript is put in the state the turn answers (a new user message is stored, a
 * retried reply leaves the live transcript, an edited message must end it) and the reply row is
 * inserted as `streaming`. One short transaction per turn keeps a burst of turns from queueing on
 * the database (SQLite runs transactions one at a time; PostgreSQL holds a pooled connection).
 * Returns the id of the user message being answered.
 */
export async function openTurn(
  thread: { id: string; title: string },
  start: TurnStart,
  reply: { id: string; leaseMs: number },
): Promise<{ answeredMessageId: string | null }> {
  const userMessage = start.kind === "submit" ? newUserMessage(start.parts, start.runStart ?? false) : null;
  return retryWhenBusy(() =>
    db().$transaction(async (tx) => {
      // Write first: the thread's row lock orders this with edits, retries and other turns, and on
      // SQLite a transaction that reads before it writes can fail to upgrade against another process.
      await lockThread(tx, thread.id);
      await claimTurnTx(tx, thread.id, reply.id, reply.leaseMs);
      const answeredMessageId = await answered(tx, thread, start, userMessage);
      await appendMessageTx(tx, thread.id, { id: reply.id, role: "assistant", parts: [], text: "", tokens: 0, status: "streaming" });
      return { answeredMessageId };
    }),
  );
}

async function answered(
  tx: Tx,
  thread: { id: string; title: string },
  start: TurnStart,
  userMessage: ReturnType<typeof newUserMessage> | null,
) {
  if (start.kind === "retry") return prepareRetry(tx, thread.id, start.messageId);
  if (start.kind === "continue") {
    await assertAwaitingReply(tx, thread.id, start.messageId);
    return start.messageId;
  }
  const stored = await appendMessageTx(tx, thread.id, userMessage!);
  if (thread.title === "New chat") {
    const title = userMessage!.text.replace(/\s+/g, " ").trim().slice(0, 60) || "New chat";
    await tx.thread.update({ where: { id: thread.id }, data: { title }, select: { id: true } });
  }
  return stored.id;
}

// Counted outside the transaction: the tokenizer is CPU work that must not hold the database.
function newUserMessage(parts: Extract<TurnStart, { kind: "submit" }>["parts"], runStart: boolean) {
  const text = messageText(parts);
  const tokens = countMessageTokens(parts, (t) => countTokens(t, getChatModel().family));
  return { role: "user" as const, parts, text, tokens, runStart };
}
