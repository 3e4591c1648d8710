"use client";

import { useQuery } from "@tanstack/react-query";
import { threadInfoQuery } from "@/components/api/queries";
import { FALLBACK_POLL_MS, useFeedDown } from "@/components/live/feed-status";

/**
 * The thread and its running turn. The thread's live feed says when a turn starts or ends
 * elsewhere (components/live); only while that feed is down is it re-read every few seconds.
 */
export function useThreadInfo(threadId: string) {
  const feedDown = useFeedDown(threadId);
  return useQuery({ ...threadInfoQuery(threadId), refetchInterval: feedDown ? FALLBACK_POLL_MS : false, refetchOnWindowFocus: "always" });
}
