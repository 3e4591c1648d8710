"use client";

import { useCallback, useRef, useState } from "react";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import type { MessagePage } from "@/lib/api";
import type { OlderMessages } from "./older-messages-bar";
import { toChatMessage, type ChatMessage } from "./types";

const WINDOW_PAGE_SIZE = 100;

/** Where a jump lands: the message to show highlighted; `nonce` repeats a jump to the same message. */
export type JumpTarget = { messageId: string | null; seq: number; nonce: number };

type WindowState = { messages: ChatMessage[]; olderCursor: string | null; newerCursor: string | null };

const windowOf = (page: MessagePage): WindowState => ({
  messages: page.messages.map(toChatMessage),
  olderCursor: page.nextCursor,
  newerCursor: page.newerCursor ?? null,
});

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
  // The thread's first page, read ahead while the reader is idle (prefetchFirst), then kept fresh by Home.
  const firstPage = useRef<{ threadId: string; page: Promise<MessagePage | null> } | null>(null);

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

  /** Shows a page opened by a jump and marks its landing message; returns the view it set. */
  const showPage = useCallback((page: MessagePage, at: { seq: number; messageId: string | null } | "first") => {
    const shown = windowOf(page);
    setView(shown);
    const { messages } = shown;
    const landing =
      at === "first"
        ? messages[0]
        : (messages.find((m) => m.id === at.messageId) ?? messages.find((m) => (m.metadata?.seq ?? 0) >= at.seq));
    nonce.current += 1;
    setTarget(landing ? { messageId: landing.id, seq: landing.metadata?.seq ?? 0, nonce: nonce.current } : null);
    return shown;
  }, []);

  /** Opens the page holding `seq` (`"first"`: the thread's first page). */
  const jump = useCallback(
    (at: { seq: number; messageId: string | null } | "first") =>
      run(
        "jump",
        () =>
          at === "first"
            ? api.messagePage(threadId, { after: "0", limit: WINDOW_PAGE_SIZE })
            : api.messagePage(threadId, { around: at.seq, limit: WINDOW_PAGE_SIZE }),
        (page) => showPage(page, at),
      ),
    [run, showPage, threadId],
  );

  /**
   * Reads the first page ahead, so Home shows it at once, as a list that holds every message
   * would. Home asks for the page again behind it and swaps it in if the reader has not moved
   * since, so an edit made after the read-ahead does not stay stale on screen.
   */
  const prefetchFirst = useCallback(() => {
    if (firstPage.current?.threadId === threadId) return;
    firstPage.current = { threadId, page: api.messagePage(threadId, { after: "0", limit: WINDOW_PAGE_SIZE }).catch(() => null) };
  }, [threadId]);

  /** Home: the read-ahead first page at once when there is one, else one request, as any jump. */
  const jumpFirst = useCallback(async () => {
    const ahead = firstPage.current?.threadId === threadId ? await firstPage.current.page : null;
    if (!ahead) return jump("first");
    const shown = showPage(ahead, "first");
    const fresh = api.messagePage(threadId, { after: "0", limit: WINDOW_PAGE_SIZE }).catch(() => null);
    firstPage.current = { threadId, page: fresh.then((p) => p ?? ahead) };
    const page = await fresh;
    if (page) setView((v) => (v === shown ? windowOf(page) : v));
  }, [jump, showPage, threadId]);

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
  return { view, target, older, newer, jump, jumpFirst, prefetchFirst, focusLoaded, exit, jumping: loading === "jump" };
}
