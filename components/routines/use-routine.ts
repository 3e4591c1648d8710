"use client";

import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { isNotFound, readableError } from "@/components/api/api-error";
import { routineQuery, routineRunsQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import type { ApiRoutine, ApiRoutineRun } from "@/lib/api";
import { routineBusy } from "./routine-busy";

export type RoutineLoad =
  { kind: "loading" } | { kind: "not-found" } | { kind: "failed"; message: string } | { kind: "ready"; routine: ApiRoutine };

const BUSY_POLL_MS = 1500;
const IDLE_POLL_MS = 10_000;

/** Quick polling while a run is queued or running; the query cache skips it while the tab is hidden. */
function pollInterval(queryClient: QueryClient, id: string): number {
  const routine = queryClient.getQueryData<ApiRoutine>(queryKeys.routineInfo(id));
  const runs = queryClient.getQueryData<ApiRoutineRun[]>(queryKeys.routineRuns(id));
  return routineBusy(routine, runs) ? BUSY_POLL_MS : IDLE_POLL_MS;
}

/**
 * The routine and its runs. When the runs change (a run starts or ends), the routine's thread is
 * invalidated, so its transcript and workspace panel read again; so is the sidebar's list.
 */
export function useRoutine(id: string): { load: RoutineLoad; runs: ApiRoutineRun[] } {
  const queryClient = useQueryClient();
  const refetchInterval = () => pollInterval(queryClient, id);
  const routine = useQuery({ ...routineQuery(id), refetchInterval });
  const runs = useQuery({ ...routineRunsQuery(id), refetchInterval });

  const threadId = routine.data?.threadId;
  const seenRuns = useRef(runs.data);
  useEffect(() => {
    // Structural sharing keeps the same array while nothing changed, so this runs on real changes only.
    const previous = seenRuns.current;
    seenRuns.current = runs.data;
    if (previous === undefined || previous === runs.data || !threadId) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.thread(threadId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.routines() });
  }, [runs.data, threadId, queryClient]);

  const load: RoutineLoad = routine.data
    ? { kind: "ready", routine: routine.data }
    : routine.error
      ? isNotFound(routine.error)
        ? { kind: "not-found" }
        : { kind: "failed", message: readableError(routine.error) }
      : { kind: "loading" };
  return { load, runs: runs.data ?? [] };
}
