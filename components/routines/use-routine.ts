"use client";

import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { isNotFound, readableError } from "@/components/api/api-error";
import { routineQuery, routineRunsQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import { useFeedDown } from "@/components/live/feed-status";
import { createReadAgain } from "@/components/live/read-again";
import { useThreadEvents } from "@/components/live/use-thread-events";
import type { ApiRoutine, ApiRoutineRun } from "@/lib/api";
import { routineBusy } from "./routine-busy";

export type RoutineLoad =
  { kind: "loading" } | { kind: "not-found" } | { kind: "failed"; message: string } | { kind: "ready"; routine: ApiRoutine };

const BUSY_POLL_MS = 1500;
const IDLE_POLL_MS = 10_000;

/**
 * The fallback while the thread's live feed is down (or before the routine, and so its thread, is
 * known): quick while a run is queued or running; the query cache skips it while the tab is hidden.
 */
function pollInterval(queryClient: QueryClient, id: string): number {
  const routine = queryClient.getQueryData<ApiRoutine>(queryKeys.routineInfo(id));
  const runs = queryClient.getQueryData<ApiRoutineRun[]>(queryKeys.routineRuns(id));
  return routineBusy(routine, runs) ? BUSY_POLL_MS : IDLE_POLL_MS;
}

/**
 * The routine and its runs. Its thread's live feed (components/live) keeps the transcript and the
 * workspace panel current and says when a run starts or ends, which reads the routine and its runs
 * again; they poll only while that feed is down. When the runs change, the routine's thread is
 * invalidated (a run's digest and notes settle with it); so is the sidebar's list.
 */
export function useRoutine(id: string): { load: RoutineLoad; runs: ApiRoutineRun[] } {
  const queryClient = useQueryClient();
  // Read from the cache before the queries below: known from the second render on.
  const threadId = queryClient.getQueryData<ApiRoutine>(queryKeys.routineInfo(id))?.threadId;
  const feedDown = useFeedDown(threadId ?? "");
  const refetchInterval = () => (threadId && !feedDown ? false : pollInterval(queryClient, id));
  const routine = useQuery({ ...routineQuery(id), refetchInterval });
  const runs = useQuery({ ...routineRunsQuery(id), refetchInterval });
  useRoutineFeed(id, threadId);

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

/** The routine's thread feed: a run starting or ending, or any turn in it, reads the routine and its runs again. */
function useRoutineFeed(id: string, threadId: string | undefined) {
  const queryClient = useQueryClient();
  const [readAgain] = useState(() => createReadAgain(queryClient));
  useThreadEvents(threadId ?? "", {
    enabled: !!threadId,
    onChange: (change) => {
      if (change.type !== "run.changed" && change.type !== "turn.started" && change.type !== "turn.ended") return;
      readAgain(queryKeys.routineInfo(id));
      readAgain(queryKeys.routineRuns(id));
    },
  });
}
