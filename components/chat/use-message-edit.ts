"use client";

import { useCallback, useMemo, useState } from "react";

/** The message being edited inline and its unsaved text. */
export type MessageEdit = { messageId: string; draft: string };

/** Stable across renders, so the memoized rows do not re-render for every streamed token. */
export type MessageEditActions = {
  start: (messageId: string, text: string) => void;
  change: (messageId: string, draft: string) => void;
  cancel: () => void;
  /** Resolves once the edit is stored; a rejection keeps the draft. */
  save: (messageId: string, text: string) => Promise<void>;
};

/**
 * Inline editing, held above the virtualized rows: a row that scrolls out of view unmounts, and
 * the editor must come back with its draft when it scrolls in again. One edit at a time, like
 * the server, which replaces everything after the edited message anyway.
 */
export function useMessageEdit(onEdit: (messageId: string, text: string) => Promise<void>) {
  const [edit, setEdit] = useState<MessageEdit | null>(null);

  const start = useCallback((messageId: string, text: string) => setEdit({ messageId, draft: text }), []);

  const change = useCallback(
    (messageId: string, draft: string) => setEdit((current) => (current?.messageId === messageId ? { messageId, draft } : current)),
    [],
  );

  const cancel = useCallback(() => setEdit(null), []);

  // Rejections reach the editor, which shows them and keeps the draft.
  const save = useCallback(
    async (messageId: string, text: string) => {
      await onEdit(messageId, text);
      setEdit((current) => (current?.messageId === messageId ? null : current));
    },
    [onEdit],
  );

  const actions = useMemo<MessageEditActions>(() => ({ start, change, cancel, save }), [start, change, cancel, save]);
  return { edit, actions };
}
