"use client";

import { useEffect, useState } from "react";
import { actionsApi } from "./actions-api";

const SETTLED = new Set(["sent", "refused", "failed"]);

/**
 * A tool result is a snapshot from the moment of the call: an "unknown" or "in progress" send may
 * have been reconciled since. For those, the card asks the ledger for the row's current status.
 */
export function useLiveActionStatus(threadId: string | undefined, key: string | undefined, state: string | undefined): string | null {
  const [status, setStatus] = useState<string | null>(null);
  const needed = !!threadId && !!key && !!state && !SETTLED.has(state);
  useEffect(() => {
    if (!needed) return;
    let cancelled = false;
    actionsApi
      .list(threadId!)
      .then((actions) => {
        if (!cancelled) setStatus(actions.find((a) => a.key === key)?.status ?? null);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [needed, threadId, key]);
  return needed ? status : null;
}
