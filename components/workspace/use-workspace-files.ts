"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { readableError } from "@/components/api/api-error";
import { filesQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import { FALLBACK_POLL_MS, useFeedDown } from "@/components/live/feed-status";
import type { FileMeta } from "./types";

export type WorkspaceFiles = {
  /** null until the first answer. */
  files: FileMeta[] | null;
  error: string | null;
  /** Something changed: read the list again, even if a read is under way (it may predate the change). */
  refresh: () => void;
};

/**
 * The workspace's file list, from the query cache: requests are shared while one is in flight,
 * and an unchanged answer keeps the same array, so a refetch re-renders nothing. A change made
 * elsewhere (the agent, another tab or instance, a routine) arrives through the thread's live feed
 * (components/live), which invalidates this query; only while that feed is down does it poll.
 */
export function useWorkspaceFiles(threadId: string): WorkspaceFiles {
  const queryClient = useQueryClient();
  const feedDown = useFeedDown(threadId);
  const query = useQuery({ ...filesQuery(threadId), refetchInterval: feedDown ? FALLBACK_POLL_MS : false });
  const queryKey = useMemo(() => queryKeys.files(threadId), [threadId]);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const error = query.error ? `Could not load the workspace files: ${readableError(query.error)}` : null;
  return { files: query.data ?? null, error, refresh };
}
