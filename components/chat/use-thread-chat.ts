"use client";

import { useChat } from "@ai-sdk/react";
import { useCallback, useRef, useState } from "react";
import { api, readableError } from "./api";
import { createChatTransport } from "./chat-transport";
import { applyEdit, fetchSettledPage, mergeNewestPage, PAGE_SIZE, prependOlderPage } from "./message-sync";
import { toChatMessage, type ChatMessage, type MessagePage } from "./types";
import { useComposerDraft } from "./use-composer-draft";

type Options = {
  threadId: string;
  initialPage: MessagePage;
  /** Called after every turn is stored, e.g. to refresh titles and order in the sidebar. */
  onTurnSettled: () => void;
  /** Called once an edit is stored, before its reply starts: the summary may be stale now. */
  onEdited: () => void;
};

export function useThreadChat({ threadId, initialPage, onTurnSettled, onEdited }: Options) {
  const [transport] = useState(createChatTransport);
  const [initialMessages] = useState(() => initialPage.messages.map(toChatMessage));
  const [olderCursor, setOlderCursor] = useState(initialPage.nextCursor);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [syncError, setSyncError] = useState<string | null>(null);
  const [draft, setDraft] = useComposerDraft(threadId);
  const lastSentText = useRef("");
  const loadingOlderRef = useRef(false);

  const chat = useChat<ChatMessage>({
    id: threadId,
    messages: initialMessages,
    transport,
    // Runs after success, stop and failure alike: the database is the truth, so re-read it.
    onFinish: ({ isError }) => void settleTurn(isError),
  });
  const { messages, status, error, setMessages, clearError, sendMessage, regenerate, stop } = chat;

  async function settleTurn(failed: boolean) {
    setSyncing(true);
    try {
      const page = await fetchSettledPage(threadId);
      let keptOlder = false;
      setMessages((current) => {
        const merged = mergeNewestPage(current, page);
        keptOlder = merged.keptOlder;
        return merged.messages;
      });
      if (!keptOlder) setOlderCursor(page.nextCursor);
      setSyncError(null);

      const last = page.messages.at(-1);
      const shownInTranscript = last?.role === "assistant" && last.status === "error";
      if (shownInTranscript) clearError();
      // A rejected request (e.g. too long) stored nothing: give the text back instead of losing it.
      const lastUser = page.messages.findLast((m) => m.role === "user");
      if (failed && !shownInTranscript && lastUser?.text !== lastSentText.current) {
        setDraft((current) => current || lastSentText.current);
      }
      onTurnSettled();
    } catch (e) {
      setSyncError(`Could not reload the conversation: ${readableError(e)}`);
    } finally {
      setSyncing(false);
    }
  }

  const streaming = status === "submitted" || status === "streaming";
  const busy = streaming || syncing;

  const send = useCallback(
    (text: string) => {
      if (!text.trim() || busy) return;
      lastSentText.current = text;
      setDraft("");
      setSyncError(null);
      void sendMessage({ text });
    },
    [busy, sendMessage, setDraft],
  );

  const retry = useCallback(
    (messageId: string) => {
      if (busy) return;
      setSyncError(null);
      void regenerate({ messageId });
    },
    [busy, regenerate],
  );

  /**
   * Stores the edit (rejections go back to the editor, which shows them), shows the server's
   * transcript, then asks for a new reply to the edited message, streamed like any turn.
   */
  const edit = useCallback(
    async (messageId: string, text: string) => {
      if (busy) throw new Error("Wait for the reply to finish before editing.");
      setSyncing(true);
      setSyncError(null);
      let editedId: string;
      try {
        const edited = await api.editMessage(threadId, messageId, text);
        editedId = edited.id;
        // The edit is the message this turn answers: if its reply fails, no composer draft comes back.
        lastSentText.current = text;
        onEdited();
        const page = await api.messagePage(threadId, { limit: PAGE_SIZE }).catch(() => null);
        let keptOlder = true;
        setMessages((current) => {
          const next = applyEdit(current, messageId, edited, page);
          keptOlder = next.keptOlder;
          return next.messages;
        });
        if (!keptOlder && page) setOlderCursor(page.nextCursor);
      } finally {
        setSyncing(false);
      }
      void regenerate({ messageId: editedId });
    },
    [busy, onEdited, regenerate, setMessages, threadId],
  );

  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlderRef.current) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await api.messagePage(threadId, { before: olderCursor, limit: PAGE_SIZE });
      setMessages((current) => prependOlderPage(current, page));
      setOlderCursor(page.nextCursor);
    } catch (e) {
      setOlderError(readableError(e));
    } finally {
      loadingOlderRef.current = false;
      setLoadingOlder(false);
    }
  }, [olderCursor, setMessages, threadId]);

  const requestError = !busy && status === "error" && error ? readableError(error) : null;

  return {
    messages,
    status,
    streaming,
    busy,
    draft,
    setDraft,
    send,
    stop: async () => {
      await api.stopTurn(threadId).catch(() => undefined);
      await stop();
    },
    retry,
    edit,
    errorText: syncError ?? requestError,
    dismissError: () => {
      setSyncError(null);
      clearError();
    },
    older: { hasMore: olderCursor !== null, loading: loadingOlder, error: olderError, load: loadOlder },
  };
}
