"use client";

import { useQuery } from "@tanstack/react-query";
import { actionsQuery } from "@/components/api/queries";
import type { ActionStatus } from "@/lib/api";

const SETTLED = new Set(["sent", "refused", "failed"]);

/**
 * A tool result is a snapshot from the moment of the call: an "unknown" or "in progress" send may
 * have been reconciled since. For those, the card reads the row's current status from the
 * thread's actions in the query cache (one request for all cards; the actions view shares it).
 */
export function useLiveActionStatus(threadId: string | undefined, key: string | undefined, state: string | undefined): ActionStatus | null {
  const needed = !!threadId && !!key && !!state && !SETTLED.has(state);
  const { data } = useQuery({
    ...actionsQuery(threadId ?? ""),
    enabled: needed,
    select: (actions) => actions.find((a) => a.key === key)?.status ?? null,
  });
  return needed ? (data ?? null) : null;
}
