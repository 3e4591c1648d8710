"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { readableError } from "@/components/api/api-error";
import { filesQuery } from "@/components/api/queries";
import type { FileMeta } from "./types";

export type WorkspaceFiles = {
  /** null until the first answer. */
  files: FileMeta[] | null;
  error: string | null;
  refresh: () => void;
};

/**
 * The workspace's file list, from the query cache: requests are shared while one is in flight,
 * and an unchanged answer keeps the same array, so polling re-renders nothing.
 */
export function useWorkspaceFiles(threadId: string): WorkspaceFiles {
  const queryClient = useQueryClient();
  const query = useQuery(filesQuery(threadId));
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: filesQuery(threadId).queryKey }), [queryClient, threadId]);
  return { files: query.data ?? null, error: query.error ? `Could not load the workspace files: ${readableError(query.error)}` : null, refresh };
}
