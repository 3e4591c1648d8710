"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, type WorkspaceApi } from "./workspace-api";
import type { FileMeta } from "./types";

export type WorkspaceFiles = {
  /** null until the first answer. */
  files: FileMeta[] | null;
  error: string | null;
  refresh: () => void;
};

const sameList = (a: FileMeta[] | null, b: FileMeta[]) =>
  a !== null && a.length === b.length && a.every((f, i) => f.path === b[i].path && f.version === b[i].version && f.size === b[i].size);

/**
 * The workspace's file list. Refreshes are coalesced (one request at a time, one more if asked
 * meanwhile) and an unchanged answer keeps the same array, so polling re-renders nothing.
 */
export function useWorkspaceFiles(api: WorkspaceApi, refreshSignal: number): WorkspaceFiles {
  const [files, setFiles] = useState<FileMeta[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);

  const refresh = useCallback(() => {
    if (inFlight.current) {
      again.current = true; // the answer in flight may predate the change we were told about
      return;
    }
    inFlight.current = true;
    api.list().then(
      (list) => {
        setFiles((prev) => (sameList(prev, list) ? prev : list));
        setError(null);
      },
      (e: unknown) => setError(`Could not load the workspace files: ${errorMessage(e)}`),
    ).finally(() => {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        refresh();
      }
    });
  }, [api]);

  useEffect(() => {
    refresh();
  }, [refresh, refreshSignal]);

  return { files, error, refresh };
}
