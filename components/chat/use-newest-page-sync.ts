"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { newestPageQuery } from "@/components/api/queries";
import { FALLBACK_POLL_MS, useFeedDown } from "@/components/live/feed-status";
import type { ActiveTurn, MessagePage } from "@/lib/api";
import { mergeNewestPage, remoteTurnRunning, shouldFollow } from "./message-sync";
import type { ChatMessage } from "./types";

/** A stream that ended without its `data-turn` part re-reads the page this often, for at most: */
const AWAIT_POLL_MS = 1000;
const AWAIT_STORED_REPLY_MS = 8000;

type Options = {
  threadId: string;
  initialPage: MessagePage;
  activeTurn: ActiveTurn | null | undefined;
  /** This tab is sending or streaming a turn: its own messages are newer than any page. */
  streamingHere: boolean;
  setMessages: (update: (current: ChatMessage[]) => ChatMessage[]) => void;
  /** The page replaced the older cursor's range: the older pages start from its cursor again. */
  onCursor: (cursor: string | null) => void;
};

/**
 * Keeps the chat's transcript in step with the cached newest page: a page newer than this tab's
 * last stream replaces what it covers. The thread's live feed (components/live) invalidates the
 * page when a message is added, a reply streams or ends elsewhere; the page polls only while that
 * feed is down, or for a few seconds after this tab's own stream broke off before its last part.
 */
export function useNewestPageSync({ threadId, initialPage, activeTurn, streamingHere, setMessages, onCursor }: Options) {
  const [awaitingUntil, setAwaitingUntil] = useState(0);
  const awaitingStoredReply = awaitingUntil > 0;
  const streamEndedAt = useRef(0);

  const feedDown = useFeedDown(threadId);
  const newest = useQuery({
    ...newestPageQuery(threadId),
    refetchInterval: (query) => {
      const page = query.state.data;
      if (!streamingHere && awaitingStoredReply && page?.messages.at(-1)?.role === "user") return AWAIT_POLL_MS;
      return feedDown && shouldFollow({ page, activeTurn, streamingHere, awaitingStoredReply }) ? FALLBACK_POLL_MS : false;
    },
  });
  const page = newest.data;
  const fetchedAt = newest.dataUpdatedAt;
  // When the page the transcript last took was read: every later read is taken, even an unchanged
  // one, since it also drops what this tab showed but the server never stored (a refused send).
  const adoptedAt = useRef(page === initialPage ? fetchedAt : 0);

  useEffect(() => {
    if (!page || fetchedAt <= adoptedAt.current || streamingHere) return;
    // Read before this tab's last stream ended: it would take back the reply just shown.
    if (fetchedAt < streamEndedAt.current) return;
    if (awaitingStoredReply && page.messages.at(-1)?.role === "user") return;
    adoptedAt.current = fetchedAt;
    let keptOlder = false;
    setMessages((current) => {
      const merged = mergeNewestPage(current, page);
      keptOlder = merged.keptOlder;
      return merged.messages;
    });
    if (!keptOlder) onCursor(page.nextCursor);
    if (awaitingStoredReply) setAwaitingUntil(0);
  }, [page, fetchedAt, streamingHere, awaitingStoredReply, setMessages, onCursor]);

  // A stored reply that never shows up is not waited for forever.
  useEffect(() => {
    if (!awaitingUntil) return;
    const timer = setTimeout(() => setAwaitingUntil(0), Math.max(0, awaitingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [awaitingUntil]);

  return {
    /** A reply is being written by another tab (or was, before this page was reloaded). */
    remoteTurn: !streamingHere && remoteTurnRunning(page, activeTurn),
    syncError: newest.error,
    /** This tab's stream ended; `confirmed`: its data-turn part said the rows are final. */
    streamEnded(confirmed: boolean) {
      streamEndedAt.current = Date.now();
      setAwaitingUntil(confirmed ? 0 : Date.now() + AWAIT_STORED_REPLY_MS);
    },
  };
}
