import type { ChatMessage } from "./types";

/*
 * The composer's queued message, pure: what a person sent while a reply was being written. It
 * waits in this tab (and its storage) and goes as an ordinary new message once the thread is free;
 * the server takes it like any other, and refuses it (409 turn_in_progress) if a turn runs after all.
 */

export type QueuedMessage = {
  /** Told apart from the next one, so one queued message is sent once. */
  id: string;
  text: string;
  /** The person asked to stop the running reply and send this at once ("stop and send"). */
  stopFirst: boolean;
};

/** One queued message: sending again while it waits adds to it, as a new paragraph. */
export function enqueue(queued: QueuedMessage | null, text: string, stopFirst: boolean, newId: () => string): QueuedMessage {
  if (!queued) return { id: newId(), text, stopFirst };
  return { id: newId(), text: `${queued.text}\n\n${text}`, stopFirst: queued.stopFirst || stopFirst };
}

/**
 * A send the server refused because a turn was running goes back to the front of the queue: it
 * was sent before anything queued since.
 */
export function requeueFirst(queued: QueuedMessage | null, text: string, newId: () => string): QueuedMessage {
  if (!queued) return { id: newId(), text, stopFirst: false };
  return { id: newId(), text: `${text}\n\n${queued.text}`, stopFirst: queued.stopFirst };
}

/** Text taken back into the composer (Edit, a failed send): before whatever was typed since. */
export function withDraft(text: string, draft: string): string {
  if (!draft.trim()) return text;
  if (draft.includes(text)) return draft;
  return `${text}\n\n${draft}`;
}

/**
 * Whether the transcript this tab shows has no turn in flight: its last message is stored and not
 * being written. A message without stored metadata is this tab's own send or stream that the
 * server has not confirmed yet (or refused: the next page read drops it), so the turn it started
 * may still hold the thread.
 */
export function transcriptSettled(messages: readonly ChatMessage[]): boolean {
  const last = messages.at(-1);
  if (!last) return true;
  return last.metadata !== undefined && last.metadata.status !== "streaming";
}

/** The queued message as stored in the tab's storage, or null when absent or not one. */
export function parseQueued(raw: string | null): QueuedMessage | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { id, text, stopFirst } = value as Record<string, unknown>;
    if (typeof id !== "string" || typeof text !== "string" || !text.trim()) return null;
    return { id, text, stopFirst: stopFirst === true };
  } catch {
    return null;
  }
}
