import { leaseLive } from "@/lib/jobs/lease";
import { describeSchedule } from "./presets";
import { nextRunTimes } from "./schedule";
import type { RoutineRow } from "./store";

/** A run holds the lease; a dead holder's lease is a run whose server went away, and Run now may take it over. */
export function runLeaseHeld(r: Pick<RoutineRow, "runHolder" | "runHeartbeatAt">, now: Date): boolean {
  return leaseLive(r.runHolder, r.runHeartbeatAt, now);
}

/** A routine as the API shows it: the schedule in words and its next three run times. */
export function presentRoutine(r: RoutineRow, now: Date = new Date()) {
  return {
    id: r.id,
    name: r.name,
    instructions: r.instructions,
    cron: r.cron,
    timezone: r.timezone,
    enabled: r.enabled,
    nextRunAt: r.nextRunAt,
    threadId: r.threadId,
    running: runLeaseHeld(r, now),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    schedule: describeSchedule(r.cron, r.timezone),
    nextRuns: r.enabled ? nextRunTimes(r.cron, r.timezone, now, 3) : [],
  };
}
