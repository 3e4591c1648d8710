"use client";

import { useEffect, useState } from "react";
import { parseQueued, type QueuedMessage } from "./message-queue";

/*
 * The composer's unsent text, per thread, in this tab's sessionStorage (like the workspace's file
 * drafts): switching chats unmounts the composer, and half a message should not vanish with it.
 * Sending empties the draft, which removes the stored copy. Storage can be full or disabled; then
 * the draft lives in memory only, as it did before. The queued message (message-queue.ts) is kept
 * the same way, so a reload while it waits still sends it; per tab, so two tabs never both send it.
 */

const draftKey = (threadId: string) => `composer-draft:${threadId}`;
const queuedKey = (threadId: string) => `composer-queued:${threadId}`;

function readStored(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string | null) {
  try {
    if (value) window.sessionStorage.setItem(key, value);
    else window.sessionStorage.removeItem(key);
  } catch {
    // quota or privacy mode: the text stays in memory for as long as the thread is open
  }
}

/** useState for the composer's text, restored when the thread is opened again in this tab. */
export function useComposerDraft(threadId: string) {
  // The chat mounts on the client only, after its thread has loaded, so storage is there to read.
  const [draft, setDraft] = useState(() => readStored(draftKey(threadId)) ?? "");

  useEffect(() => {
    // Whitespace alone is not worth bringing back, and leaves nothing behind for sent messages.
    writeStored(draftKey(threadId), draft.trim() ? draft : null);
  }, [threadId, draft]);

  return [draft, setDraft] as const;
}

/** useState for the thread's queued message, kept in this tab's storage like the draft. */
export function useStoredQueue(threadId: string) {
  const [queued, setQueued] = useState<QueuedMessage | null>(() => parseQueued(readStored(queuedKey(threadId))));

  useEffect(() => {
    writeStored(queuedKey(threadId), queued ? JSON.stringify(queued) : null);
  }, [threadId, queued]);

  return [queued, setQueued] as const;
}
