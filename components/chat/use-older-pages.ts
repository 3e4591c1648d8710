"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { readableError } from "@/components/api/api-error";
import { olderPageQuery } from "@/components/api/queries";
import { prependOlderPage } from "./message-sync";
import type { ChatMessage } from "./types";
import type { OlderMessages } from "./older-messages-bar";

type SetMessages = (update: (current: ChatMessage[]) => ChatMessage[]) => void;

/**
 * Pages before the newest one, loaded as the reader scrolls up. The page after the one shown is
 * always already asked for, so reaching the top of a long thread never waits on a request chain.
 */
export function useOlderPages(threadId: string, initialCursor: string | null, setMessages: SetMessages) {
  const queryClient = useQueryClient();
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loadingRef = useRef(false);

  useEffect(() => {
    if (cursor) void queryClient.prefetchQuery(olderPageQuery(threadId, cursor));
  }, [cursor, queryClient, threadId]);

  const load = useCallback(async () => {
    if (!cursor || loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    setError(null);
    try {
      const page = await queryClient.fetchQuery(olderPageQuery(threadId, cursor));
      setMessages((current) => prependOlderPage(current, page));
      setCursor(page.nextCursor);
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
