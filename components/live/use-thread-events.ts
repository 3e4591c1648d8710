"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { queryKeys } from "@/components/api/query-keys";
import type { ApiFeedReady, ApiThreadChange as ThreadChange } from "@/lib/api";
import { queriesToRefresh } from "./event-effects";
import { createReadAgain } from "./read-again";
import { setFeedDown } from "./feed-status";

/** A feed the server refused (too many open, a 404) is tried again after this long. */
const REOPEN_AFTER_CLOSE_MS = 30_000;

type Options = {
  /** False: no feed (the thread is not known yet). */
  enabled?: boolean;
  /** This tab streams the thread's reply itself (see queriesToRefresh). */
  streamingHere?: () => boolean;
  /** When the page's data was read (ms): changes since then are replayed when the feed opens. */
  since?: number;
  /** Extra work per change (a routine page reads its runs again). */
  onChange?: (change: ThreadChange) => void;
};

/**
 * Keeps this tab's cache of one thread live: listens to GET /api/threads/:id/events and reads
 * again what each change touches. The browser reconnects a dropped feed by itself, sending the last
 * event id, so the server replays what was missed; a `reset` (the tab was away longer than the
 * server keeps changes) reads the whole thread again.
 */
export function useThreadEvents(threadId: string, opts: Options = {}): void {
  const queryClient = useQueryClient();
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });
  const since = useRef(opts.since);
  const lastEventId = useRef<string | null>(null);

  const enabled = opts.enabled ?? true;
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const readAgain = createReadAgain(queryClient);
    const refresh = (keys: readonly (readonly unknown[])[]) => keys.forEach(readAgain);

    const open = () => {
      // A feed reopened by hand continues after the last event seen; the browser's own reconnects send it as Last-Event-ID.
      const query = lastEventId.current ? `?after=${lastEventId.current}` : since.current ? `?since=${Math.floor(since.current)}` : "";
      source = new EventSource(`/api/threads/${encodeURIComponent(threadId)}/events${query}`);
      source.addEventListener("ready", (e) => {
        setFeedDown(threadId, false);
        lastEventId.current = (e as MessageEvent<string>).lastEventId || lastEventId.current;
        const { reset } = JSON.parse((e as MessageEvent<string>).data) as ApiFeedReady;
        if (reset) refresh([queryKeys.thread(threadId), queryKeys.threads()]);
      });
      source.addEventListener("change", (e) => {
        lastEventId.current = (e as MessageEvent<string>).lastEventId || lastEventId.current;
        const change = JSON.parse((e as MessageEvent<string>).data) as ThreadChange;
        refresh(queriesToRefresh(threadId, change, latest.current.streamingHere?.() ?? false));
        latest.current.onChange?.(change);
      });
      source.onerror = () => {
        setFeedDown(threadId, true);
        if (source?.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        source = null;
        reopen = setTimeout(open, REOPEN_AFTER_CLOSE_MS);
      };
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
      setFeedDown(threadId, false);
    };
  }, [enabled, queryClient, threadId]);
}
