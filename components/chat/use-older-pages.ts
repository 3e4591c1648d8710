"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { readableError } from "@/components/api/api-error";
import { olderPageQuery } from "@/components/api/queries";
import type { MessagePage } from "@/lib/api";
import { prependOlderPage } from "./message-sync";
import type { ChatMessage } from "./types";
import type { OlderMessages } from "./older-messages-bar";

type SetMessages = (update: (current: ChatMessage[]) => ChatMessage[]) => void;

/**
 * Older messages read ahead while the browser is idle, past the page after the one shown: a list
 * that held every message (as one that renders them all does) reaches its top at once. Bounded, so
 * a thread of 100,000 messages is not read whole; Home still reaches its first page in one step.
 */
const READ_AHEAD_MESSAGES = 4000;

const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 50);
  return () => clearTimeout(handle);
};

/** The pages after `page` that were already read (ahead), in order, and the cursor past them. */
function readAfter(queryClient: QueryClient, threadId: string, page: MessagePage): { pages: MessagePage[]; cursor: string | null } {
  const pages = [page];
  let cursor = page.nextCursor;
  for (;;) {
    const next = cursor ? queryClient.getQueryData(olderPageQuery(threadId, cursor).queryKey) : undefined;
    if (!next) return { pages, cursor };
    pages.push(next);
    cursor = next.nextCursor;
  }
}

/**
 * Pages before the newest one, loaded as the reader scrolls up. The page after the one shown is
 * always already asked for, so reaching the top of a long thread never waits on a request chain;
 * the pages before it are read while the browser is idle, and enter the list together with it.
 */
export function useOlderPages(threadId: string, initialCursor: string | null, setMessages: SetMessages) {
  const queryClient = useQueryClient();
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loadingRef = useRef(false);

  useEffect(() => {
    if (!cursor) return;
    let cancel = () => {};
    let stopped = false;
    const ahead = async (at: string, read: number) => {
      // A page already read (fresh for its staleTime) is answered from the cache, with no request.
      const page = await queryClient.fetchQuery(olderPageQuery(threadId, at)).catch(() => null);
      const next = page?.nextCursor;
      if (stopped || !next || read + page.messages.length >= READ_AHEAD_MESSAGES) return;
      cancel = whenIdle(() => void ahead(next, read + page.messages.length));
    };
    void ahead(cursor, 0);
    return () => {
      stopped = true;
      cancel();
    };
  }, [cursor, queryClient, threadId]);

  const load = useCallback(async () => {
    if (!cursor || loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    setError(null);
    try {
      const read = readAfter(queryClient, threadId, await queryClient.fetchQuery(olderPageQuery(threadId, cursor)));
      // One render for every page read ahead, not one per page on the way up.
      setMessages((current) => read.pages.reduce(prependOlderPage, current));
      setCursor(read.cursor);
    } catch (e) {
      setError(readableError(e));
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, [cursor, queryClient, setMessages, threadId]);

  const older: OlderMessages = { hasMore: cursor !== null, loading, error, load };
  return { older, resetCursor: setCursor };
}
