import { db, type Db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { LockedThread } from "./transcript-cut";
import { interruptedFailure } from "./turn-failure";

/**
 * One turn at a time per thread, decided in the database so it holds across app instances: the
 * thread row names the running turn's assistant message and a lease the runner renews while it
 * streams. A process that dies stops renewing; its lease expires and the reply is marked
 * interrupted (by the sweeper, or by the next turn taking the thread over).
 */

const turnInProgress = () =>
  new AppError("turn_in_progress", "A reply is still being written in this conversation. Wait for it to finish, or stop it.");

/**
 * Claims the locked thread for a new turn, inside the turn's opening transaction, with one
 * compare-and-set on what the lock read: a concurrent claim (another tab, another instance) matches
 * zero rows and gets a 409. The same statement moves the thread's sequence past the messages the
 * turn inserts (and names a new chat), so opening a turn costs as few round trips as it can.
 */
export async function claimTurnTx(
  tx: Tx,
  locked: LockedThread,
  claim: { assistantMessageId: string; leaseMs: number; appended: number; title?: string },
): Promise<void> {
  const now = new Date();
  if (locked.turnMessageId && locked.turnUntil && locked.turnUntil > now) throw turnInProgress();
  const claimed = await tx.thread.updateMany({
    where: { id: locked.id, turnMessageId: locked.turnMessageId, turnUntil: locked.turnUntil, lastSeq: locked.lastSeq },
    data: {
      turnMessageId: claim.assistantMessageId,
      turnUntil: new Date(now.getTime() + claim.leaseMs),
      turnStopAt: null,
      lastSeq: locked.lastSeq + claim.appended,
      ...(claim.title ? { title: claim.title } : {}),
    },
  });
  if (claimed.count !== 1) throw turnInProgress();
  // We took over a turn whose process died: its reply is interrupted, not streaming forever.
  if (locked.turnMessageId) await markInterrupted(tx, locked.turnMessageId);
}

/**
 * Extends our lease; false when a stop was requested or the lease is no longer ours (then the
 * runner must stop writing).
 */
export async function renewTurn(threadId: string, assistantMessageId: string, leaseMs: number): Promise<boolean> {
  const { count } = await db().thread.updateMany({
    where: { id: threadId, turnMessageId: assistantMessageId, turnStopAt: null },
    data: { turnUntil: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** Releases only our own claim (inside the transaction that finalizes the reply). */
export async function releaseTurn(tx: Db | Tx, threadId: string, assistantMessageId: string): Promise<void> {
  await tx.thread.updateMany({
    where: { id: threadId, turnMessageId: assistantMessageId },
    data: { turnMessageId: null, turnUntil: null, turnStopAt: null },
  });
}

/** Asks the running turn of a thread to stop; whichever instance runs it notices at its next renewal. */
export async function requestTurnStop(threadId: string, client: Db | Tx = db()): Promise<boolean> {
  const { count } = await client.thread.updateMany({
    where: { id: threadId, turnMessageId: { not: null }, turnStopAt: null },
    data: { turnStopAt: new Date() },
  });
  return count === 1;
}

export async function activeTurn(threadId: string): Promise<{ assistantMessageId: string; until: Date } | null> {
  const row = await db().thread.findUnique({ where: { id: threadId }, select: { turnMessageId: true, turnUntil: true } });
  if (!row?.turnMessageId || !row.turnUntil || row.turnUntil <= new Date()) return null;
  return { assistantMessageId: row.turnMessageId, until: row.turnUntil };
}

/** A reply still marked streaming whose writer is gone keeps its partial text and says why it stopped. */
export async function markInterrupted(client: Db | Tx, messageId: string): Promise<boolean> {
  const failure = interruptedFailure();
  const { count } = await client.message.updateMany({
    where: { id: messageId, status: "streaming" },
    data: { status: "interrupted", error: failure.message, errorCode: failure.code },
  });
  return count === 1;
}
