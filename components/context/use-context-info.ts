"use client";

import { useQuery } from "@tanstack/react-query";
import { readableError } from "@/components/api/api-error";
import { contextQuery } from "@/components/api/queries";
import { FALLBACK_POLL_MS, useFeedDown } from "@/components/live/feed-status";

/**
 * The context inspector's data for a thread: re-read when the thread's live feed says a turn
 * ended or a compaction started or landed (components/live). Only while that feed is down does a
 * running compaction make it poll.
 */
export function useContextInfo(threadId: string) {
  const feedDown = useFeedDown(threadId);
  const query = useQuery({
    ...contextQuery(threadId),
    refetchInterval: (q) => (feedDown && q.state.data?.compaction.running ? FALLBACK_POLL_MS : false),
  });
  return { info: query.data ?? null, error: query.error ? readableError(query.error) : null };
}
