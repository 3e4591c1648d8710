"use client";

import { useCallback, useEffect, useRef } from "react";
import { enqueue, requeueFirst } from "./message-queue";
import { useStoredQueue } from "./use-composer-draft";

// Any browser, secure context or not (crypto.randomUUID needs one); unique within a tab is enough.
const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

type Options = {
  threadId: string;
  /** No turn runs or is in flight as far as this tab knows: a queued message may go now. */
  ready: boolean;
  /** Sends a message as the person's next one (the same path as the Send button). */
  sendNow: (text: string) => void;
};

/**
 * The thread's queued message in this tab: sent, as an ordinary new message, as soon as the thread
 * is free. Queued in the tab rather than on the server: a server queue would need a table, a turn
 * started by the end of another, and its own cancel and edit routes, where the browser already
 * knows when a turn ends (the live feed) and the server already refuses a second turn.
 */
export function useMessageQueue({ threadId, ready, sendNow }: Options) {
  const [queued, setQueued] = useStoredQueue(threadId);
  // Effects can run twice for one state (development's double run, a quick re-render): send once.
  const sentId = useRef<string | null>(null);

  useEffect(() => {
    if (!queued || !ready || sentId.current === queued.id) return;
    sentId.current = queued.id;
    setQueued(null);
    sendNow(queued.text);
  }, [queued, ready, sendNow, setQueued]);

  const add = useCallback((text: string, stopFirst: boolean) => setQueued((q) => enqueue(q, text, stopFirst, newId)), [setQueued]);
  const putBack = useCallback((text: string) => setQueued((q) => requeueFirst(q, text, newId)), [setQueued]);
  const markStopFirst = useCallback(() => setQueued((q) => q && { ...q, stopFirst: true }), [setQueued]);
  const clear = useCallback(() => setQueued(null), [setQueued]);

  return { queued, add, putBack, markStopFirst, clear };
}
