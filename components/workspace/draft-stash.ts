import type { LoadedFile } from "./types";

/*
 * Unsaved drafts survive the panel unmounting (switching chats, closing the panel) in this tab's
 * sessionStorage, together with the version they were based on, so reopening the file brings the
 * edits back and a version written meanwhile becomes a conflict rather than a silent loss.
 * Storage can be full or disabled; then the stash is skipped, and beforeunload still warns.
 */

export type StashedDraft = { base: LoadedFile; draft: string };

const key = (threadId: string, path: string) => `workspace-draft:${threadId}:${path}`;

export function readDraft(threadId: string, path: string): StashedDraft | null {
  try {
    const raw = window.sessionStorage.getItem(key(threadId, path));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StashedDraft>;
    if (typeof parsed.draft !== "string" || typeof parsed.base?.content !== "string" || typeof parsed.base.version !== "number")
      return null;
    return parsed as StashedDraft;
  } catch {
    return null;
  }
}

export function writeDraft(threadId: string, stash: StashedDraft) {
  try {
    window.sessionStorage.setItem(key(threadId, stash.base.path), JSON.stringify(stash));
  } catch {
    // quota or privacy mode: the draft still lives in memory and beforeunload still warns
  }
}

export function clearDraft(threadId: string, path: string) {
  try {
    window.sessionStorage.removeItem(key(threadId, path));
  } catch {
    // nothing stored, nothing to clear
  }
}
