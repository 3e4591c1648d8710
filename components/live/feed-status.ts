"use client";

import { useSyncExternalStore } from "react";

/*
 * Whether a thread's live feed is down in this tab (errored and not yet back, or refused). Hooks
 * that used to poll read it and poll slowly only then. A feed still connecting counts as up.
 */

const down = new Set<string>();
const listeners = new Set<() => void>();

export function setFeedDown(threadId: string, isDown: boolean): void {
  if (down.has(threadId) === isDown) return;
  if (isDown) down.add(threadId);
  else down.delete(threadId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the thread's feed is down: callers fall back to slow polling. */
export function useFeedDown(threadId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => down.has(threadId),
    () => false,
  );
}

/** How often the few queries that must follow a thread re-read it while its feed is down. */
export const FALLBACK_POLL_MS = 5_000;
