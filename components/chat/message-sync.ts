import type { ApiMessage, MessagePage } from "@/lib/api";
import { toChatMessage, type ChatMessage } from "./types";

/*
 * Pure decisions about the transcript the chat holds: how a page from the server enters it, and
 * when the page must keep following the server because a reply is being written elsewhere.
 */

/**
 * Replaces everything the newest page covers with the server's version (ids, status and errors
 * as stored; a retry or an edit may have removed messages) and keeps older pages already loaded.
 * `keptOlder` tells whether the previous "load older" cursor still applies.
 */
export function mergeNewestPage(current: ChatMessage[], page: MessagePage): { messages: ChatMessage[]; keptOlder: boolean } {
  const fresh = page.messages.map(toChatMessage);
  if (!page.nextCursor || page.messages.length === 0) return { messages: fresh, keptOlder: false };
  // What this tab holds before the page is kept up to the live message right before it: the
  // messages before that one are its ancestors. After an edit or a switch of versions, anything
  // else held is another branch (its seqs can be lower than the page's), so it is dropped.
  const at = page.previousId ? current.findIndex((m) => m.id === page.previousId) : -1;
  const older = current.slice(0, at + 1);
  return { messages: [...older, ...fresh], keptOlder: older.length > 0 };
}

/** Prepends an older page, skipping anything already present (pages can overlap after a sync). */
export function prependOlderPage(current: ChatMessage[], page: MessagePage): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  return [...page.messages.filter((m) => !known.has(m.id)).map(toChatMessage), ...current];
}

/**
 * The transcript right after an edit is stored, before the newest page is read again: the old
 * message and everything after it are replaced by the edit, which is what the server did.
 */
export function applyEdit(current: ChatMessage[], oldId: string, edited: ApiMessage): ChatMessage[] {
  const at = current.findIndex((m) => m.id === oldId);
  return [...current.slice(0, at < 0 ? current.length : at), toChatMessage(edited)];
}

/** A reply is being written in this thread by someone other than this tab's own stream. */
export function remoteTurnRunning(page: MessagePage | undefined, activeTurn: { assistantMessageId: string } | null | undefined): boolean {
  return !!activeTurn || page?.messages.at(-1)?.status === "streaming";
}

/**
 * Whether the page must re-read the newest page about every second: a reply is being written and
 * this tab is not the one streaming it (another tab, or a reload mid-reply); or this tab's stream
 * ended without the `data-turn` part that says the rows are final (a dropped connection, or a
 * server that stores the reply after the stream) and the stored page does not have the reply yet.
 */
export function shouldFollow(input: {
  page: MessagePage | undefined;
  activeTurn: { assistantMessageId: string } | null | undefined;
  streamingHere: boolean;
  awaitingStoredReply: boolean;
}): boolean {
  if (input.streamingHere) return false;
  if (remoteTurnRunning(input.page, input.activeTurn)) return true;
  return input.awaitingStoredReply && input.page?.messages.at(-1)?.role === "user";
}
