import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/workspace/conflicts";
import { dueSlot } from "./schedule";

/*
 * Deciding which runs start, safely with any number of app instances on one database:
 * - a due slot is claimed with one compare-and-set on Routine.nextRunAt (only the instance whose
 *   UPDATE still sees the old value moves it on);
 * - a run exists once per (routine, scheduledFor): the unique index rejects a second insert;
 * - the run in progress is a lease on Routine.activeRunId/activeRunUntil, taken with one
 *   compare-and-set in the same transaction as the insert. A run that finds it held is recorded
 *   as skipped; a holder whose lease expired (its process died) is marked interrupted.
 */

export type RunTrigger = "scheduled" | "catch_up" | "manual";
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
      const current = await tx.routine.findUniqueOrThrow({ where: { id: routineId }, select: { activeRunId: true } });
      const { count } = await tx.routine.updateMany({
        where: {
          id: routineId,
          OR: [{ activeRunId: null }, { activeRunId: current.activeRunId ?? undefined, activeRunUntil: { lt: now } }],
        },
        data: { activeRunId: run.id, activeRunUntil: new Date(now.getTime() + config().ROUTINE_RUN_LEASE_MS) },
      });
      if (count === 0) {
        if (opts.whenBusy === "refuse") throw new AppError("conflict", "A run of this routine is still in progress");
        await tx.routineRun.update({
          where: { id: run.id },
          data: { status: "skipped", error: "the previous run was still running", finishedAt: now },
        });
        return { runId: run.id, routineId, status: "skipped" as const };
      }
      if (current.activeRunId) {
        // Its lease expired without a heartbeat: that run's process is gone.
        await tx.routineRun.updateMany({
          where: { id: current.activeRunId, status: { in: ["queued", "running"] } },
          data: { status: "interrupted", error: "the run stopped without finishing (its server went away)", finishedAt: now },
        });
      }
      return { runId: run.id, routineId, status: "queued" as const };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Keeps the lease while the run works; false once another run took it over. */
export async function renewRunLease(routineId: string, runId: string): Promise<boolean> {
  const { count } = await db().routine.updateMany({
    where: { id: routineId, activeRunId: runId },
    data: { activeRunUntil: new Date(Date.now() + config().ROUTINE_RUN_LEASE_MS) },
  });
  return count === 1;
}

export async function releaseRunLease(routineId: string, runId: string): Promise<void> {
  await db().routine.updateMany({ where: { id: routineId, activeRunId: runId }, data: { activeRunId: null, activeRunUntil: null } });
}
