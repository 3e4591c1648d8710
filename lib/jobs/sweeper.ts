import "server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { publishThreadChange } from "@/lib/events/publish";
import { markInterrupted } from "@/lib/chat/turn-lease";
import { sweepActions } from "@/lib/actions/sweep";
import { startIntervalLoop } from "./interval-loop";

/**
 * Closes what a dead process left open, so nothing reads "streaming" or "running" forever: a turn
 * whose lease expired (its reply becomes interrupted, keeping its partial text, and the thread
 * accepts the next turn), a compaction receipt whose thread lease is gone, and side effects whose
 * outcome is unknown (lib/actions reconciles them: replay, lookup or a person, never a blind re-send).
 */

/** Gives up one expired turn, with a compare-and-set on the lease we saw: a live runner is never touched. */
export async function sweepExpiredTurn(threadId: string, now = new Date()): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const row = await tx.thread.findUnique({ where: { id: threadId }, select: { turnMessageId: true, turnUntil: true } });
    if (!row?.turnMessageId || !row.turnUntil || row.turnUntil >= now) return false;
    const released = await tx.thread.updateMany({
      where: { id: threadId, turnMessageId: row.turnMessageId, turnUntil: row.turnUntil },
      data: { turnMessageId: null, turnUntil: null, turnStopAt: null },
    });
    if (released.count !== 1) return false;
    await markInterrupted(tx, row.turnMessageId);
    return true;
  });
}

export async function sweepExpiredTurns(now = new Date()): Promise<number> {
  const expired = await db().thread.findMany({
    where: { turnMessageId: { not: null }, turnUntil: { lt: now } },
    select: { id: true },
    take: 200,
  });
  let swept = 0;
  for (const { id } of expired) {
    if (!(await sweepExpiredTurn(id, now))) continue;
    swept++;
    void publishThreadChange(id, { type: "turn.ended", messageId: null, status: "interrupted" });
  }
  return swept;
}

/** A receipt still "running" whose thread has no live compaction lease belongs to a dead job. */
export async function sweepDeadCompactions(now = new Date()): Promise<number> {
  const running = await db().compaction.findMany({
    where: { status: "running", thread: { OR: [{ leaseHolder: null }, { leaseUntil: null }, { leaseUntil: { lt: now } }] } },
    select: { id: true, startedAt: true, threadId: true },
    take: 200,
  });
  let swept = 0;
  for (const r of running) {
    const { count } = await db().compaction.updateMany({
      where: { id: r.id, status: "running" },
      data: {
        status: "interrupted",
        reason: "the process running this compaction stopped; the next threshold crossing compacts again",
        finishedAt: now,
        durationMs: now.getTime() - r.startedAt.getTime(),
      },
    });
    swept += count;
    if (count) void publishThreadChange(r.threadId, { type: "compaction.landed", compactionId: r.id, status: "interrupted" });
  }
  return swept;
}

export async function sweepOnce(): Promise<{ turns: number; compactions: number; actions: number }> {
  const now = new Date();
  const turns = await sweepExpiredTurns(now);
  const compactions = await sweepDeadCompactions(now);
  const actions = await sweepActions({ now });
  return { turns, compactions, actions: actions.expired + actions.reconciled.length };
}

const globalForSweeper = globalThis as unknown as { __sweeper?: () => void };

/** Started once per server process (instrumentation.ts); every instance may sweep, the CAS keeps it single. */
export function startSweeper(): void {
  if (globalForSweeper.__sweeper) return;
  globalForSweeper.__sweeper = startIntervalLoop({ intervalMs: config().SWEEP_EVERY_MS, run: sweepOnce, label: "sweeper" });
  // Right away too: a restarted server closes what its previous process left open.
  void sweepOnce().catch((e) => console.error("[sweeper]", e));
}
