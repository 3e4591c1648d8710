import type { ApiRoutine, ApiRoutineRun } from "@/lib/api";

/**
 * A run is under way: the routine holds its run lease, or a run is still queued or running (a
 * queued run is recorded before the lease shows). The page polls quickly while this holds.
 */
export function routineBusy(routine: Pick<ApiRoutine, "running"> | undefined, runs: Pick<ApiRoutineRun, "status">[] | undefined): boolean {
  return !!routine?.running || !!runs?.some((r) => r.status === "queued" || r.status === "running");
}
