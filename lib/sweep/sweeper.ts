import "server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { sweepExpiredTurns } from "@/lib/chat/turn-sweep";
import { publishThreadChange } from "@/lib/events/publish";
import { sweepActions } from "@/lib/actions/sweep";
import { actionProviderByName } from "./action-providers";
import { markRunInterrupted } from "@/lib/routines/claim";
import { freeOrDead, heldButDead } from "@/lib/jobs/lease";
import { startIntervalLoop } from "@/lib/jobs/interval-loop";

/**
 * Settles what a dead process held, so nothing reads "streaming" or "running" forever. A holder is
 * dead once its lease heartbeat is older than LEASE_DEAD_AFTER_MS (lib/jobs/lease.ts): its turn's
 * reply becomes interrupted (partial text kept) and the thread accepts the next turn
 * (lib/chat/turn-sweep.ts); its routine run becomes interrupted and Run now works again; a
 * compaction receipt whose thread has no live compaction lease becomes interrupted; side effects
 * whose outcome is unknown go to lib/actions (replay, lookup or a person, never a blind re-send).
 * Every release is a compare-and-set on the lease as read, so a holder that renews in between is
 * never touched.
 */

/** A routine whose run holder died: the lease is freed and the run marked interrupted, in one transaction. */
async function sweepDeadRuns(now = new Date()): Promise<number> {
  const dead = await db().routine.findMany({
    where: heldButDead("run", now),
    select: { id: true, threadId: true, runHolder: true, runHeartbeatAt: true },
    take: 200,
  });
  let swept = 0;
  for (const r of dead) {
    const settled = await db().$transaction(async (tx) => {
      const { count } = await tx.routine.updateMany({
        where: { id: r.id, runHolder: r.runHolder, runHeartbeatAt: r.runHeartbeatAt },
        data: { runHolder: null, runHeartbeatAt: null },
      });
      if (count === 1) await markRunInterrupted(tx, r.runHolder!, now);
      return count === 1;
    });
    if (!settled) continue;
    swept++;
    void publishThreadChange(r.threadId, { type: "run.changed", runId: r.runHolder! });
  }
  return swept;
}

/** A receipt still "running" whose thread has no live compaction lease belongs to a dead job. */
async function sweepDeadCompactions(now = new Date()): Promise<number> {
  const running = await db().compaction.findMany({
    where: { status: "running", thread: freeOrDead("compaction", now) },
    select: { id: true, startedAt: true, threadId: true },
    take: 200,
  });
  let swept = 0;
  for (const r of running) {
    const { count } = await db().compaction.updateMany({
      where: { id: r.id, status: "running" },
      data: {
        status: "interrupted",
        reason: "the process running this compaction stopped (no heartbeat); the next threshold crossing compacts again",
        finishedAt: now,
        durationMs: now.getTime() - r.startedAt.getTime(),
      },
    });
    swept += count;
    if (count) void publishThreadChange(r.threadId, { type: "compaction.landed", compactionId: r.id, status: "interrupted" });
  }
  return swept;
}

export async function sweepOnce(): Promise<{ turns: number; runs: number; compactions: number; actions: number }> {
  const now = new Date();
  const turns = await sweepExpiredTurns(now);
  const runs = await sweepDeadRuns(now);
  const compactions = await sweepDeadCompactions(now);
  const actions = await sweepActions({ now, providerFor: actionProviderByName });
  return { turns, runs, compactions, actions: actions.expired + actions.reconciled.length };
}

const globalForSweeper = globalThis as unknown as { __sweeper?: () => void };

/** Started once per server process (instrumentation.ts); every instance may sweep, the CAS keeps it single. */
export function startSweeper(): void {
  if (globalForSweeper.__sweeper) return;
  globalForSweeper.__sweeper = startIntervalLoop({ intervalMs: config().SWEEP_EVERY_MS, run: sweepOnce, label: "sweeper" });
  // Right away too: a restarted server closes what its previous process left open.
  void sweepOnce().catch((e) => console.error("[sweeper]", e));
}
