import type { MessagePage } from "@/lib/api";
import { toChatMessage, type ChatMessage } from "./types";

export const WINDOW_PAGE_SIZE = 100;
export const FIRST_PAGE = { after: "0", limit: WINDOW_PAGE_SIZE };

/** Where a jump lands: the message to show highlighted; `nonce` repeats a jump to the same message. */
export type JumpTarget = { messageId: string | null; seq: number; nonce: number };

/**
 * A page of history shown instead of the live tail. `opened` numbers each jump: the transcript
 * mounts a fresh list for it (keyed by it), which starts at its landing row.
 */
export type WindowState = { messages: ChatMessage[]; olderCursor: string | null; newerCursor: string | null; opened: number };

export const windowOf = (page: MessagePage, opened: number): WindowState => ({
  messages: page.messages.map(toChatMessage),
  olderCursor: page.nextCursor,
  newerCursor: page.newerCursor ?? null,
  opened,
});

/** The message a jump lands on: the first of the page, the one with that id, or the first at or after `seq`. */
export function landingOf(view: WindowState, at: { seq: number; messageId: string | null } | "first"): JumpTarget | null {
  const { messages } = view;
  const landing =
    at === "first" ? messages[0] : (messages.find((m) => m.id === at.messageId) ?? messages.find((m) => (m.metadata?.seq ?? 0) >= at.seq));
  return landing ? { messageId: landing.id, seq: landing.metadata?.seq ?? 0, nonce: view.opened } : null;
}
