"use client";

import { useCallback, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import type { MessagePage } from "@/lib/api";
import { FIRST_PAGE, landingOf, WINDOW_PAGE_SIZE, windowOf, type JumpTarget, type WindowState } from "./history-page";
import type { OlderMessages } from "./older-messages-bar";
import { toChatMessage } from "./types";
import { useFirstPageAhead } from "./use-first-page-ahead";

export type { JumpTarget } from "./history-page";

/**
 * Random access into a long transcript: a jump (a search hit, Home) reads the one page around its
 * message, never the pages in between, and shows it instead of the live tail; the reader then
 * pages older and newer from there. End (or "Back to latest") returns to the live transcript.
 */
export function useHistoryWindow(threadId: string) {
  const [view, setView] = useState<WindowState | null>(null);
  const [target, setTarget] = useState<JumpTarget | null>(null);
  const [loading, setLoading] = useState<"older" | "newer" | "jump" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const nonce = useRef(0);
  const nextOpened = useCallback(() => ++nonce.current, []);
  const firstPage = useFirstPageAhead(threadId, nextOpened);
  const { take, refresh } = firstPage;

  const run = useCallback(
    async (kind: "older" | "newer" | "jump", fetchPage: () => Promise<MessagePage>, apply: (page: MessagePage) => void) => {
      if (busy.current) return;
      busy.current = true;
      setLoading(kind);
      setError(null);
      try {
        apply(await fetchPage());
      } catch (e) {
        setError(readableError(e));
      } finally {
        busy.current = false;
        setLoading(null);
      }
    },
    [],
  );

  /** Shows a page opened by a jump and marks its landing message. */
  const showView = useCallback((shown: WindowState, at: { seq: number; messageId: string | null } | "first") => {
    setView(shown);
    setTarget(landingOf(shown, at));
  }, []);
  const showPage = useCallback(
    (page: MessagePage, at: { seq: number; messageId: string | null } | "first") => showView(windowOf(page, nextOpened()), at),
    [nextOpened, showView],
  );

  /** Opens the page holding `seq` (`"first"`: the thread's first page). */
  const jump = useCallback(
    (at: { seq: number; messageId: string | null } | "first") =>
      run(
        "jump",
        () =>
          at === "first" ? api.messagePage(threadId, FIRST_PAGE) : api.messagePage(threadId, { around: at.seq, limit: WINDOW_PAGE_SIZE }),
        (page) => showPage(page, at),
      ),
    [run, showPage, threadId],
  );

  /**
   * Home: the first page read ahead is already mounted, hidden; it is revealed in the key press's
   * own task (flushSync), so it is on screen at the next frame. Without it, one request, as any
   * jump. The page is then read again behind it and swapped in if the reader has not moved, so an
   * edit made after the read-ahead does not stay stale on screen.
   */
  const jumpFirst = useCallback(() => {
    const refreshBehind = (shown: WindowState) => void refresh((page) => setView((v) => (v === shown ? windowOf(page, shown.opened) : v)));
    const ahead = take();
    if (ahead === null) return void jump("first");
    if (ahead instanceof Promise) {
      // Still on its way: wait for it rather than asking twice.
      const read = async () => (await ahead) ?? api.messagePage(threadId, FIRST_PAGE);
      void run("jump", read, (page) => {
        const shown = windowOf(page, nextOpened());
        showView(shown, "first");
        refreshBehind(shown);
      });
      return;
    }
    flushSync(() => showView(ahead, "first"));
    // After the reveal is painted: starting a request costs the key press a few ms.
    setTimeout(() => refreshBehind(ahead), 0);
  }, [jump, nextOpened, refresh, run, showView, take, threadId]);

  /** Shows a message already in the live transcript: no request. */
  const focusLoaded = useCallback((messageId: string, seq: number) => {
    nonce.current += 1;
    setTarget({ messageId, seq, nonce: nonce.current });
  }, []);

  const loadOlder = useCallback(async () => {
    const cursor = view?.olderCursor;
    if (!cursor) return;
    await run(
      "older",
      () => api.messagePage(threadId, { before: cursor, limit: WINDOW_PAGE_SIZE }),
      (page) =>
        setView((v) => {
          if (!v) return v;
          const known = new Set(v.messages.map((m) => m.id));
          return {
            ...v,
            messages: [...page.messages.filter((m) => !known.has(m.id)).map(toChatMessage), ...v.messages],
            olderCursor: page.nextCursor,
          };
        }),
    );
  }, [run, threadId, view?.olderCursor]);

  const loadNewer = useCallback(async () => {
    const cursor = view?.newerCursor;
    if (!cursor) return;
    await run(
      "newer",
      () => api.messagePage(threadId, { after: cursor, limit: WINDOW_PAGE_SIZE }),
      (page) =>
        setView((v) => {
          if (!v) return v;
          const known = new Set(v.messages.map((m) => m.id));
          return {
            ...v,
            messages: [...v.messages, ...page.messages.filter((m) => !known.has(m.id)).map(toChatMessage)],
            newerCursor: page.newerCursor ?? null,
          };
        }),
    );
  }, [run, threadId, view?.newerCursor]);

  const exit = useCallback(() => {
    setView(null);
    setError(null);
  }, []);

  const older: OlderMessages = { hasMore: !!view?.olderCursor, loading: loading === "older" || loading === "jump", error, load: loadOlder };
  const newer = { hasMore: !!view?.newerCursor, loading: loading === "newer", load: loadNewer };
  return {
    view,
    target,
    older,
    newer,
    jump,
    jumpFirst,
    prefetchFirst: firstPage.prefetch,
    // Whether to mount it is the navigation's call: it knows what the shown list holds.
    standby: firstPage.standby,
    focusLoaded,
    exit,
    jumping: loading === "jump",
  };
}
