import { countTokens } from "@/lib/ai/tokens";
import { countMessageTokens, messageText } from "@/lib/context";
import { retryWhenBusy } from "@/lib/db/busy-retry";
import { db, isSqlite, type Tx } from "@/lib/db/client";
import { insertMessagesTx, type NewMessage } from "@/lib/db/messages";
import type { AnsweredCall } from "@/lib/mcp/approval";
import { answerPendingCallTx } from "./approval-open";
import { assertAwaitingReply } from "./edit";
import { prepareRetry } from "./retry";
import { lockOwnedThread, type LockedThread } from "./transcript-cut";
import { newMessageId } from "./message-id";
import { plainTitle } from "@/lib/context/plain-title";
import { claimTurnTx } from "./turn-lease";
import { openTurnInOneStatement } from "./turn-open-statement";
import type { TurnStart } from "./turn-types";

/**
 * Opens a turn before the model is called, in ONE transaction: ownership is checked as the thread
 * is locked, the thread is claimed (one turn at a time), the transcript is put in the state the
 * turn answers (a new user message is stored, a retried reply leaves the live transcript, an
 * edited message must end it) and the reply row is inserted as `streaming`. The transaction has
 * few statements (lock and read, claim, insert), because a burst of turns queues on it: SQLite runs
 * transactions one at a time and PostgreSQL holds a pooled connection for every round trip. On
 * PostgreSQL the usual turn (a new message, no turn recorded) opens in a single statement instead
 * (turn-open-statement.ts), and only what that does not claim comes here. Returns the id of the
 * user message being answered.
 */
export async function openTurn(
  owner: { userId: string; threadId: string },
  start: TurnStart,
  reply: { id: string },
): Promise<{ answeredMessageId: string | null; workspaceId: string; answeredCall?: AnsweredCall }> {
  const { userId, threadId } = owner;
  const userMessage = start.kind === "submit" ? newUserMessage(start.parts, start.runStart ?? false) : null;
  const replyRow: NewMessage = { id: reply.id, role: "assistant", parts: [], text: "", tokens: 0, status: "streaming" };
  if (userMessage && !isSqlite(db())) {
    const opened = await openTurnInOneStatement(db(), owner, userMessage, reply, plainTitle(userMessage.text) ?? null);
    if (opened) return opened;
  }
  return retryWhenBusy(() =>
    db().$transaction(async (tx) => {
      // Write first: the thread's row lock orders this with edits, retries and other turns, and on
      // SQLite a transaction that reads before it writes can fail to upgrade against another process.
      const locked = await lockOwnedThread(tx, userId, threadId);
      const rows = userMessage ? [userMessage, replyRow] : [replyRow];
      await claimTurnTx(tx, locked, {
        assistantMessageId: reply.id,
        appended: rows.length,
        title: userMessage ? newTitle(locked, userMessage.text) : undefined,
      });
      if (start.kind === "approval") {
        const { answeredMessageId, call } = await answerPendingCallTx(tx, threadId, start);
        await insertMessagesTx(tx, threadId, locked.lastSeq, rows);
        return { answeredMessageId, workspaceId: locked.workspaceId, answeredCall: call };
      }
      const existing = userMessage ? null : await existingAnswered(tx, threadId, start);
      const ids = await insertMessagesTx(tx, threadId, locked.lastSeq, rows);
      return { answeredMessageId: userMessage ? ids[0] : existing, workspaceId: locked.workspaceId };
    }),
  );
}

/** The message a retry or an edit's regeneration answers, checked inside the transaction. */
async function existingAnswered(tx: Tx, threadId: string, start: TurnStart): Promise<string | null> {
  if (start.kind === "retry") return prepareRetry(tx, threadId, start.messageId);
  if (start.kind === "continue") {
    await assertAwaitingReply(tx, threadId, start.messageId);
    return start.messageId;
  }
  return null;
}

/** A chat still called "New chat" is named after its first message. */
function newTitle(locked: LockedThread, text: string): string | undefined {
  return locked.title === "New chat" ? plainTitle(text) : undefined;
}

// Counted outside the transaction: the tokenizer is CPU work that must not hold the database.
function newUserMessage(parts: Extract<TurnStart, { kind: "submit" }>["parts"], runStart: boolean): NewMessage & { id: string } {
  const text = messageText(parts);
  const tokens = countMessageTokens(parts, countTokens);
  return { id: newMessageId(), role: "user", parts, text, tokens, runStart };
}
