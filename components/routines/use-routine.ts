"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, readableError } from "@/components/api/api-error";
import { routinesApi } from "./routines-api";
import type { Routine, RoutineRun } from "./types";

export type RoutineLoad = { kind: "loading" } | { kind: "not-found" } | { kind: "failed"; message: string } | { kind: "ready"; routine: Routine };

const BUSY_POLL_MS = 1500;
const IDLE_POLL_MS = 10_000;

/** The routine and its runs, polled quickly while a run is queued or running (and the tab is in front). */
export function useRoutine(id: string) {
  const [load, setLoad] = useState<RoutineLoad>({ kind: "loading" });
  const [runs, setRuns] = useState<RoutineRun[]>([]);
  // Bumped whenever the runs change, so the transcript and the workspace reload.
  const [version, setVersion] = useState(0);
  const lastRuns = useRef("");

  const refresh = useCallback(async () => {
    try {
      const [routine, list] = await Promise.all([routinesApi.get(id), routinesApi.runs(id)]);
      setLoad({ kind: "ready", routine });
      const key = JSON.stringify(list);
      if (key !== lastRuns.current) {
        lastRuns.current = key;
        setRuns(list);
        setVersion((v) => v + 1);
      }
    } catch (e) {
      setLoad(e instanceof ApiError && e.status === 404 ? { kind: "not-found" } : { kind: "failed", message: readableError(e) });
    }
  }, [id]);

  const busy = (load.kind === "ready" && load.routine.running) || runs.some((r) => r.status === "queued");
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    tick();
    const timer = setInterval(tick, busy ? BUSY_POLL_MS : IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh, busy]);

  return { load, runs, version, refresh, setLoad };
}
