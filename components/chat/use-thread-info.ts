"use client";

import { useQuery } from "@tanstack/react-query";
import { threadInfoQuery } from "@/components/api/queries";

/**
 * The thread and its running turn. Re-read every few seconds while the tab is in front and on
 * focus, so every tab showing the thread learns that a turn started elsewhere and stops sending.
 */
export function useThreadInfo(threadId: string) {
  return useQuery({ ...threadInfoQuery(threadId), refetchInterval: 4000, refetchOnWindowFocus: "always" });
}
