"use client";

import type { Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useState } from "react";
import type { ChatMessage } from "./types";
import type { JumpTarget } from "./use-history-window";

/**
 * Brings a jump's message into view (centered) once the list holds it, and reports it as the
 * highlighted one until the next jump. Focus moves to the row, so a keyboard reader lands there.
 */
export function useJumpScroll(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  messages: ChatMessage[],
  target: JumpTarget | null,
  scrollEl: () => HTMLElement | null,
): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const index = target?.messageId ? messages.findIndex((m) => m.id === target.messageId) : -1;

  useEffect(() => {
    if (!target || index < 0 || done === target.nonce) return;
    setDone(target.nonce);
    setHighlighted(target.messageId);
    virtualizer.scrollToIndex(index, { align: "center" });
    // Once the rows are measured, scroll again (sizes were estimates) and focus the row.
    const settle = setTimeout(() => {
      virtualizer.scrollToIndex(index, { align: "center" });
      scrollEl()
        ?.querySelector<HTMLElement>(`[data-message-row="${CSS.escape(target.messageId!)}"]`)
        ?.focus({ preventScroll: true });
    }, 150);
    return () => clearTimeout(settle);
  }, [target, index, done, virtualizer, scrollEl]);

  return highlighted;
}
