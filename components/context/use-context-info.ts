"use client";

import { useQuery } from "@tanstack/react-query";
import { readableError } from "@/components/api/api-error";
import { contextQuery } from "@/components/api/queries";

const POLL_WHILE_SUMMARIZING_MS = 1500;

/**
 * The context inspector's data for a thread: re-read when the thread's queries are invalidated (a
 * turn settled, a message was edited) and every moment while a compaction runs.
 */
export function useContextInfo(threadId: string) {
  const query = useQuery({
    ...contextQuery(threadId),
    refetchInterval: (q) => (q.state.data?.compaction.running ? POLL_WHILE_SUMMARIZING_MS : false),
  });
  return { info: query.data ?? null, error: query.error ? readableError(query.error) : null };
}
