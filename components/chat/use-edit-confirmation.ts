"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { ChatMessage } from "./types";

/** The person kept the later messages: the editor stays open with the draft, no error shown. */
export class EditNotConfirmed extends Error {
  constructor() {
    super("Edit not saved: the later messages were kept.");
  }
}

type PendingEdit = { dropped: number; settle: (go: boolean) => void };

/**
 * Saving an edit replaces the message and its reply, and drops every later message from the live
 * transcript (they stay in the audit trail). When any would go, the person is asked first, told
 * how many; editing the last exchange saves at once. `confirmEdit` stays stable while replies
 * stream (it reads the messages through a ref).
 */
export function useEditConfirmation(messages: ChatMessage[], onEdit: (messageId: string, text: string) => Promise<void>) {
  const [pending, setPending] = useState<PendingEdit | null>(null);
  const latest = useRef(messages);
  useLayoutEffect(() => {
    latest.current = messages;
  }, [messages]);

  const confirmEdit = useCallback(
    async (messageId: string, text: string) => {
      const list = latest.current;
      const index = list.findIndex((m) => m.id === messageId);
      const after = index < 0 ? 0 : list.length - 1 - index;
      const dropped = after - (list[index + 1]?.role === "assistant" ? 1 : 0);
      if (dropped > 0) {
        const go = await new Promise<boolean>((settle) => setPending({ dropped, settle }));
        setPending(null);
        if (!go) throw new EditNotConfirmed();
      }
      await onEdit(messageId, text);
    },
    [onEdit],
  );

  return {
    dropped: pending?.dropped ?? 0,
    open: pending !== null,
    confirmEdit,
    confirm: () => pending?.settle(true),
    cancel: () => pending?.settle(false),
  };
}
