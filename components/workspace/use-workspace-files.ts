"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { readableError } from "@/components/api/api-error";
import { filesQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import type { FileMeta } from "./types";

export type WorkspaceFiles = {
  /** null until the first answer. */
  files: FileMeta[] | null;
  error: string | null;
  /** Something changed: read the list again, even if a read is under way (it may predate the change). */
  refresh: () => void;
  /** A periodic look: joins a read already under way instead of starting another. */
  poll: () => void;
};

/**
 * The workspace's file list, from the query cache: requests are shared while one is in flight,
 * and an unchanged answer keeps the same array, so polling re-renders nothing.
 */
export function useWorkspaceFiles(threadId: string): WorkspaceFiles {
  const queryClient = useQueryClient();
  const query = useQuery(filesQuery(threadId));
  const queryKey = useMemo(() => queryKeys.files(threadId), [threadId]);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const poll = useCallback(() => void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false }), [queryClient, queryKey]);
  const error = query.error ? `Could not load the workspace files: ${readableError(query.error)}` : null;
  return { files: query.data ?? null, error, refresh, poll };
}
