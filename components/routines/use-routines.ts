"use client";

import { useCallback, useEffect, useState } from "react";
import { readableError } from "@/components/api/api-error";
import { ROUTINES_CHANGED, routinesApi } from "./routines-api";
import type { Routine } from "./types";

/** The person's routines, reloaded whenever a routine page announces a change. */
export function useRoutines() {
  const [routines, setRoutines] = useState<Routine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    routinesApi.list().then(
      (list) => {
        setRoutines(list);
        setError(null);
      },
      (e: unknown) => setError(readableError(e)),
    );
  }, []);
  useEffect(() => {
    refresh();
    window.addEventListener(ROUTINES_CHANGED, refresh);
    return () => window.removeEventListener(ROUTINES_CHANGED, refresh);
  }, [refresh]);
  return { routines, error };
}
