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

  /** Opens the page holding `seq` (`"first"`: the thread's first page). */
  const jump = useCallback(
    (at: { seq: number; messageId: string | null } | "first") =>
      run(
        "jump",
        () =>
          at === "first"
            ? api.messagePage(threadId, { after: "0", limit: WINDOW_PAGE_SIZE })
            : api.messagePage(threadId, { around: at.seq, limit: WINDOW_PAGE_SIZE }),
        (page) => {
          const messages = page.messages.map(toChatMessage);
          setView({ messages, olderCursor: page.nextCursor, newerCursor: page.newerCursor ?? null });
          const landing =
            at === "first"
              ? messages[0]
              : (messages.find((m) => m.id === at.messageId) ?? messages.find((m) => (m.metadata?.seq ?? 0) >= at.seq));
          nonce.current += 1;
          setTarget(landing ? { messageId: landing.id, seq: landing.metadata?.seq ?? 0, nonce: nonce.current } : null);
        },
      ),
    [run, threadId],
  );

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
  return { view, target, older, newer, jump, focusLoaded, exit, jumping: loading === "jump" };
}
