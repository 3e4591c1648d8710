import "server-only";
import { db } from "@/lib/db/client";
import { publishThreadChange } from "@/lib/events/publish";
import { heldButDead, leaseLive } from "@/lib/jobs/lease";
import { markInterrupted } from "./interrupted-reply";

/*
 * A turn whose runner died: its reply becomes interrupted (partial text kept) and the thread
 * accepts the next turn. The sweeper (lib/sweep/sweeper.ts) runs these on a timer; the transcript
 * page settles a dead turn on read (transcript-page.ts), so both live here, below the sweeper.
 */

/** Gives up one dead holder's turn: a live runner is never touched. */
export async function sweepExpiredTurn(threadId: string, now = new Date()): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const row = await tx.thread.findUnique({ where: { id: threadId }, select: { turnHolder: true, turnHeartbeatAt: true } });
    if (!row?.turnHolder || leaseLive(row.turnHolder, row.turnHeartbeatAt, now)) return false;
    const released = await tx.thread.updateMany({
      where: { id: threadId, turnHolder: row.turnHolder, turnHeartbeatAt: row.turnHeartbeatAt },
      data: { turnHolder: null, turnHeartbeatAt: null, turnStopAt: null },
    });
    if (released.count !== 1) return false;
    await markInterrupted(tx, row.turnHolder);
    return true;
  });
}

export async function sweepExpiredTurns(now = new Date()): Promise<number> {
  const dead = await db().thread.findMany({ where: heldButDead("turn", now), select: { id: true }, take: 200 });
  let swept = 0;
  for (const { id } of dead) {
    if (!(await sweepExpiredTurn(id, now))) continue;
    swept++;
    void publishThreadChange(id, { type: "turn.ended", messageId: null, status: "interrupted" });
  }
  return swept;
}
