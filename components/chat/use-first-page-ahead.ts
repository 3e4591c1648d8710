"use client";

import { startTransition, useCallback, useRef, useState } from "react";
import { api } from "@/components/api/api-client";
import type { MessagePage } from "@/lib/api";
import { FIRST_PAGE, windowOf, type WindowState } from "./history-page";

type Read = { threadId: string; page: Promise<MessagePage | null> };

/**
 * The thread's first page, read ahead and kept as a `standby` view that the transcript mounts
 * hidden, so Home only reveals it, as a list that holds every message would. `nextOpened` numbers
 * the view like any jump. Home takes the standby (ready.current) in its key press's own task.
 */
export function useFirstPageAhead(threadId: string, nextOpened: () => number) {
  const [standby, setStandby] = useState<WindowState | null>(null);
  // Mirrors `standby` for Home, which reads it in the key press's own task.
  const ready = useRef<WindowState | null>(null);
  const reading = useRef<Read | null>(null);

  const read = useCallback(
    (then?: (page: MessagePage) => void) => {
      const page = api.messagePage(threadId, FIRST_PAGE).then(
        (p) => {
          const view = windowOf(p, nextOpened());
          ready.current = view;
          // A transition: the hidden list is built in slices that yield to the reader's input.
          startTransition(() => setStandby(view));
          then?.(p);
          return p;
        },
        () => null,
      );
      reading.current = { threadId, page };
      return page;
    },
    [nextOpened, threadId],
  );

  /** Starts the read once per thread. */
  const prefetch = useCallback(() => {
    if (reading.current?.threadId !== threadId) void read();
  }, [read, threadId]);

  /** The standby view if it has arrived (taken: the next one comes from a fresh read), else the read in flight. */
  const take = useCallback((): WindowState | Promise<MessagePage | null> | null => {
    const view = ready.current;
    if (view && reading.current?.threadId === threadId) {
      ready.current = null;
      return view;
    }
    return reading.current?.threadId === threadId ? reading.current.page : null;
  }, [threadId]);

  return { standby, prefetch, take, refresh: read };
}
