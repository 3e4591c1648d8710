"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { ChatMessage } from "./types";

/** A retry waiting for a yes: the failed reply, and how many messages after it it would remove. */
export type PendingRetry = { messageId: string; later: number };

/**
 * Retrying a failed reply replaces it and removes every later turn from the transcript. That is
 * the expected outcome only for the last message; anything earlier asks first. `request` stays
 * stable while replies stream (it reads the messages through a ref), so the memoized rows don't
 * re-render for every token.
 */
export function useRetryConfirmation(messages: ChatMessage[], onRetry: (messageId: string) => void) {
  const [pending, setPending] = useState<PendingRetry | null>(null);
  const latest = useRef(messages);
  useLayoutEffect(() => {
    latest.current = messages;
  }, [messages]);

  const request = useCallback(
    (messageId: string) => {
      const list = latest.current;
      const index = list.findIndex((m) => m.id === messageId);
      const later = index < 0 ? 0 : list.length - 1 - index;
      if (later === 0) onRetry(messageId);
      else setPending({ messageId, later });
    },
    [onRetry],
  );

  const confirm = () => {
    if (pending) onRetry(pending.messageId);
    setPending(null);
  };

  return { pending, request, confirm, cancel: () => setPending(null) };
}
