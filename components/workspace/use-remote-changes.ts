"use client";

import { useEffect, useRef } from "react";
import type { OpenFile } from "./use-open-file";
import type { FileMeta } from "./types";
import type { WorkspaceApi } from "@/components/api/api-client";
import { readableError, isNotFound } from "@/components/api/api-error";

/**
 * Watches the file list for news about the open file: a newer version (the agent wrote it) is
 * fetched and handed to the reducer, which adopts it or raises a conflict; a missing entry is
 * confirmed with a read before it counts as a deletion, because a list answer can be older than
 * a create or rename the person just made.
 */
export function useRemoteChanges(api: WorkspaceApi, files: FileMeta[] | null, file: OpenFile) {
  const { state, dispatch, open } = file;
  const checking = useRef<string | null>(null);
  const reopenedFor = useRef<FileMeta[] | null>(null);

  const path = state.status === "none" ? null : state.path;
  const ready = state.status === "ready" ? state : null;
  const settled = ready !== null && !ready.saving;
  const baseVersion = ready?.base.version ?? 0;
  const conflict = ready?.conflict ?? null;
  const knownVersion = conflict?.kind === "changed" ? Math.max(baseVersion, conflict.theirs.version) : baseVersion;
  const knownDeleted = conflict?.kind === "deleted";
  const waitingForFile = state.status === "gone" || (state.status === "failed" && state.missing);

  useEffect(() => {
    if (!files || path === null) return;
    const meta = files.find((f) => f.path === path);

    // A file that was missing (deleted, or linked before the agent wrote it) has appeared.
    if (waitingForFile) {
      // Once per list answer: a stale list must not make a failing read loop.
      if (meta && reopenedFor.current !== files) {
        reopenedFor.current = files;
        open(path);
      }
      return;
    }
    if (!settled) return;
    if (meta ? meta.version <= knownVersion : knownDeleted) return;

    const key = `${path}@${meta?.version ?? "missing"}`;
    if (checking.current === key) return;
    checking.current = key;
    const done = () => {
      if (checking.current === key) checking.current = null;
    };

    api
      .read(path)
      .then(
        (theirs) => dispatch({ type: "remoteChanged", theirs }),
        async (e: unknown) => {
          if (!isNotFound(e)) {
            dispatch({ type: "saveFailed", message: `Could not check “${path}” for changes: ${readableError(e)}` });
            return;
          }
          // The newest history entry is the deletion: it says who deleted the file.
          const latest = await api.versions(path).then(
            (v) => v[0] ?? null,
            () => null,
          );
          dispatch({ type: "remoteDeleted", path, version: latest?.version ?? null, by: latest?.author ?? null });
        },
      )
      .finally(done);
  }, [api, files, path, settled, knownVersion, knownDeleted, waitingForFile, open, dispatch]);
}
