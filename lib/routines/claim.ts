import { db, type Db, type Tx } from "@/lib/db/client";
import { freeOrDead, holdLease, type LeaseKind } from "@/lib/jobs/lease";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import type { RunTrigger } from "./run-columns";
import { dueSlot } from "./schedule";

/*
 * Deciding which runs start, safely with any number of app instances on one database:
 * - a due slot is claimed with one compare-and-set on Routine.nextRunAt (only the instance whose
 *   UPDATE still sees the old value moves it on);
 * - a run exists once per (routine, scheduledFor): the unique index rejects a second insert;
 * - the run in progress is the routine's run lease (Routine.runHolder/runHeartbeatAt, see
 *   lib/jobs/lease.ts), taken with one compare-and-set in the same transaction as the insert. A run
 *   that finds it held by a live holder is recorded as skipped (Run now: 409); a dead holder's run
 *   (its process stopped heartbeating) is marked interrupted and the lease taken over.
 */

export type StartedRun = { runId: string; routineId: string; status: "queued" | "skipped" };

const DUE_BATCH = 50;

/** Claims every due slot (one per routine) and records its run: queued to start, or skipped. */
export async function claimDueRuns(now: Date = new Date()): Promise<StartedRun[]> {
  const due = await db().routine.findMany({
    where: { enabled: true, deletedAt: null, nextRunAt: { lte: now } },
    orderBy: { nextRunAt: "asc" },
    take: DUE_BATCH,
    select: { id: true, cron: true, timezone: true, nextRunAt: true },
  });
  const started: StartedRun[] = [];
  for (const r of due) {
    if (!r.nextRunAt) continue;
    const slot = dueSlot(r.cron, r.timezone, r.nextRunAt, now);
    if (!slot) continue;
    const { count } = await db().routine.updateMany({
      where: { id: r.id, nextRunAt: r.nextRunAt, enabled: true, deletedAt: null },
      data: { nextRunAt: slot.nextRunAt },
    });
    if (count !== 1) continue; // another instance claimed this slot
    const run = await recordRun(r.id, slot.scheduledFor, slot.trigger, { whenBusy: "skip", now });
    if (run) started.push(run);
  }
  return started;
}

/**
 * Inserts the run and takes the routine's run lease in one transaction. whenBusy "skip" records
 * a skipped run (the schedule's overlap rule); "refuse" is Run now's 409. Null when the slot
 * already has a run.
 */
export async function recordRun(
  routineId: string,
  scheduledFor: Date,
  trigger: RunTrigger,
  opts: { whenBusy: "skip" | "refuse"; now?: Date },
): Promise<StartedRun | null> {
  const now = opts.now ?? new Date();
  try {
    return await db().$transaction(async (tx) => {
      const run = await tx.routineRun.create({ data: { routineId, scheduledFor, trigger, status: "queued" }, select: { id: true } });
      const current = await tx.routine.findUniqueOrThrow({ where: { id: routineId }, select: { runHolder: true, runHeartbeatAt: true } });
      const { count } = await tx.routine.updateMany({
        where: { id: routineId, runHolder: current.runHolder, runHeartbeatAt: current.runHeartbeatAt, ...freeOrDead("run", now) },
        data: { runHolder: run.id, runHeartbeatAt: now },
      });
      if (count === 0) {
        if (opts.whenBusy === "refuse") throw new AppError("conflict", "A run of this routine is still in progress");
        await tx.routineRun.update({
          where: { id: run.id },
          data: { status: "skipped", error: "the previous run was still running", finishedAt: now },
        });
        return { runId: run.id, routineId, status: "skipped" as const };
      }
      // Its holder stopped heartbeating: that run's process is gone.
      if (current.runHolder) await markRunInterrupted(tx, current.runHolder, now);
      return { runId: run.id, routineId, status: "queued" as const };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

const DEAD_RUN_ERROR = "the server running this run stopped (no heartbeat); Run now or the next slot starts a new run";

/** A run whose holder died: interrupted, with the reason shown in the runs list. */
export async function markRunInterrupted(client: Db | Tx, runId: string, now: Date): Promise<boolean> {
  const { count } = await client.routineRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "interrupted", error: DEAD_RUN_ERROR, finishedAt: now },
  });
  return count === 1;
}

const runLeases: LeaseKind = {
  name: "routine run",
  renew: async (holders, now) => {
    const rows = await db().routine.updateManyAndReturn({
      where: { runHolder: { in: holders } },
      data: { runHeartbeatAt: now },
      select: { runHolder: true },
    });
    return rows.map((r) => r.runHolder!);
  },
};

/** Keeps the run's lease alive from this process's heartbeat while it works; returns the release. */
export function holdRun(runId: string): () => void {
  // A run taken over needs no signal here: the run's turns and rows are fenced on their own.
  return holdLease(runLeases, runId, () => undefined);
}

export async function releaseRunLease(routineId: string, runId: string): Promise<void> {
  await db().routine.updateMany({ where: { id: routineId, runHolder: runId }, data: { runHolder: null, runHeartbeatAt: null } });
}
