"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { actions } from "@/components/api/action-client";
import { queryKeys } from "@/components/api/query-keys";
import type { ApiRoutine, CreateRoutineRequest } from "@/lib/api";

/** Create (no `routine`) or edit a routine; the cache holds the saved one and the sidebar reads again. */
export function useSaveRoutine(routine?: ApiRoutine) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoutineRequest) => (routine ? actions.updateRoutine(routine.id, input) : actions.createRoutine(input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.routineInfo(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.routines() });
    },
  });
}

/** A routine page's actions: pause/resume, Run now, delete. Each refreshes what it changed. */
export function useRoutineActions(id: string) {
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: queryKeys.routines() });

  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) => actions.updateRoutine(id, { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.routineInfo(id), saved);
      return refreshList();
    },
  });
  const runNow = useMutation({
    mutationFn: () => api.runRoutine(id),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.routine(id) }), refreshList()]),
  });
  const remove = useMutation({
    mutationFn: () => api.deleteRoutine(id),
    // Not refetched now (the page is leaving); read again, as a 404, if the page is ever opened.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.routine(id), refetchType: "none" }), refreshList()]),
  });
  return { setEnabled, runNow, remove };
}
