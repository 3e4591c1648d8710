import { db, type Db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { holdLease, leaseLive, type LeaseKind } from "@/lib/jobs/lease";
import type { LockedThread } from "./transcript-cut";
import { markInterrupted } from "./interrupted-reply";

/**
 * One turn at a time per thread, decided in the database so it holds across app instances: the
 * thread row's turn lease (lib/jobs/lease.ts) names the running turn's assistant message as its
 * holder, and the process's heartbeat renews it while the turn runs. A process that dies stops
 * renewing; once its heartbeat is older than LEASE_DEAD_AFTER_MS the reply is marked interrupted
 * (by the sweeper, or by the next turn taking the thread over).
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
  claim: { assistantMessageId: string; appended: number; title?: string },
): Promise<void> {
  const now = new Date();
  if (leaseLive(locked.turnHolder, locked.turnHeartbeatAt, now)) throw turnInProgress();
  const claimed = await tx.thread.updateMany({
    where: { id: locked.id, turnHolder: locked.turnHolder, turnHeartbeatAt: locked.turnHeartbeatAt, lastSeq: locked.lastSeq },
    data: {
      turnHolder: claim.assistantMessageId,
      turnHeartbeatAt: now,
      turnStopAt: null,
      lastSeq: locked.lastSeq + claim.appended,
      ...(claim.title ? { title: claim.title } : {}),
    },
  });
  if (claimed.count !== 1) throw turnInProgress();
  // We took over a turn whose process died: its reply is interrupted, not streaming forever.
  if (locked.turnHolder) await markInterrupted(tx, locked.turnHolder);
}

/** Turns renew together: a stop request, or a take-over, makes a renewal miss, and the runner stops. */
const turnLeases: LeaseKind = {
  name: "turn",
  renew: async (holders, now) => {
    const rows = await db().thread.updateManyAndReturn({
      where: { turnHolder: { in: holders }, turnStopAt: null },
      data: { turnHeartbeatAt: now },
      select: { turnHolder: true },
    });
    return rows.map((r) => r.turnHolder!);
  },
};

/** Keeps the turn's lease alive from this process's heartbeat; returns the release. */
export function holdTurn(assistantMessageId: string, onLost: () => void): () => void {
  return holdLease(turnLeases, assistantMessageId, onLost);
}

/** Releases only our own claim (inside the transaction that finalizes the reply). */
export async function releaseTurn(tx: Db | Tx, threadId: string, assistantMessageId: string): Promise<void> {
  await tx.thread.updateMany({
    where: { id: threadId, turnHolder: assistantMessageId },
    data: { turnHolder: null, turnHeartbeatAt: null, turnStopAt: null },
  });
}

/** Asks the running turn of a thread to stop; whichever instance runs it notices at its next heartbeat. */
export async function requestTurnStop(threadId: string, client: Db | Tx = db()): Promise<boolean> {
  const { count } = await client.thread.updateMany({
    where: { id: threadId, turnHolder: { not: null }, turnStopAt: null },
    data: { turnStopAt: new Date() },
  });
  return count === 1;
}

export async function activeTurn(threadId: string): Promise<{ assistantMessageId: string; heartbeatAt: Date } | null> {
  const row = await db().thread.findUnique({ where: { id: threadId }, select: { turnHolder: true, turnHeartbeatAt: true } });
  if (!row || !leaseLive(row.turnHolder, row.turnHeartbeatAt)) return null;
  return { assistantMessageId: row.turnHolder!, heartbeatAt: row.turnHeartbeatAt! };
}
