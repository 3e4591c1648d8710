"use client";

import { useEffect, useState } from "react";

/*
 * The composer's unsent text, per thread, in this tab's sessionStorage (like the workspace's file
 * drafts): switching chats unmounts the composer, and half a message should not vanish with it.
 * Sending empties the draft, which removes the stored copy. Storage can be full or disabled; then
 * the draft lives in memory only, as it did before.
 */

const key = (threadId: string) => `composer-draft:${threadId}`;

function readDraft(threadId: string): string {
  try {
    return window.sessionStorage.getItem(key(threadId)) ?? "";
  } catch {
    return "";
  }
}

function writeDraft(threadId: string, draft: string) {
  try {
    // Whitespace alone is not worth bringing back, and leaves nothing behind for sent messages.
    if (draft.trim()) window.sessionStorage.setItem(key(threadId), draft);
    else window.sessionStorage.removeItem(key(threadId));
  } catch {
    // quota or privacy mode: the draft stays in memory for as long as the thread is open
  }
}

/** useState for the composer's text, restored when the thread is opened again in this tab. */
export function useComposerDraft(threadId: string) {
  // The chat mounts on the client only, after its thread has loaded, so storage is there to read.
  const [draft, setDraft] = useState(() => readDraft(threadId));

  useEffect(() => {
    writeDraft(threadId, draft);
  }, [threadId, draft]);

  return [draft, setDraft] as const;
}
