"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo } from "react";
import type { OlderMessages } from "./older-messages-bar";
import type { ChatMessage } from "./types";
import { landingOf } from "./history-page";
import { useHistoryWindow } from "./use-history-window";

type Live = { messages: ChatMessage[]; older: OlderMessages };

/**
 * What the transcript shows and how a reader moves through it: the live tail, or a page of history
 * opened by a jump (a search hit, Home, a link with ?seq=&m=). A message already on screen is
 * scrolled to without a request; any other is one page away.
 */
export function useTranscriptNavigation(threadId: string, live: Live) {
  const history = useHistoryWindow(threadId);
  const { view, jump, jumpFirst, prefetchFirst, focusLoaded, exit } = history;

  // A long thread's first page is read as soon as the first screen is up, so Home needs no
  // request, as in a list that holds every message.
  const hasOlder = live.older.hasMore;
  useEffect(() => {
    if (!hasOlder) return;
    const t = setTimeout(prefetchFirst, 0);
    return () => clearTimeout(t);
  }, [hasOlder, prefetchFirst]);

  const openAt = useCallback(
    (seq: number, messageId: string | null) => {
      const loaded = !view && messageId ? live.messages.find((m) => m.id === messageId) : undefined;
      if (loaded) focusLoaded(loaded.id, seq);
      else void jump({ seq, messageId });
    },
    [focusLoaded, jump, live.messages, view],
  );

  const home = useCallback(() => {
    const list = view?.messages ?? live.messages;
    const complete = view ? !view.olderCursor : !live.older.hasMore;
    if (complete && list[0]) focusLoaded(list[0].id, list[0].metadata?.seq ?? 0);
    else void jumpFirst();
  }, [focusLoaded, jumpFirst, live.messages, live.older.hasMore, view]);

  const end = useCallback(() => {
    exit();
    const last = live.messages.at(-1);
    if (last) focusLoaded(last.id, last.metadata?.seq ?? 0);
  }, [exit, focusLoaded, live.messages]);

  // A link from the cross-thread search: /t/<id>?seq=<seq>&m=<messageId>.
  const params = useSearchParams();
  const linkSeq = params.get("seq");
  const linkId = params.get("m");
  useEffect(() => {
    if (linkSeq && /^\d{1,10}$/.test(linkSeq)) void jump({ seq: Number(linkSeq), messageId: linkId });
  }, [jump, linkSeq, linkId]);

  // The first page, mounted hidden under the same key it gets when Home reveals it; only while no
  // message of it is in the shown list (no message twice in the page). One object per change, as
  // the chat defers mounting it.
  const shownFrom = (view?.messages ?? live.messages)[0]?.metadata?.seq ?? 0;
  const standbyTo = history.standby?.messages.at(-1)?.metadata?.seq ?? Infinity;
  const standbyView = history.standby && shownFrom > standbyTo ? history.standby : null;
  const standby = useMemo(
    () => standbyView && { key: `jump-${standbyView.opened}`, messages: standbyView.messages, target: landingOf(standbyView, "first") },
    [standbyView],
  );

  return {
    messages: view?.messages ?? live.messages,
    older: view ? history.older : live.older,
    transcriptHistory: { detached: view !== null, newer: history.newer, target: history.target },
    // Each jump gets a fresh list that starts at its landing, rather than scrolling the old one there.
    listKey: view ? `jump-${view.opened}` : "live",
    standby,
    detached: view !== null,
    openAt,
    home,
    end,
    exit,
  };
}
