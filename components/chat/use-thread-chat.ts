"use client";

import { useChat } from "@ai-sdk/react";
import { useCallback, useRef, useState } from "react";
import { api, readableError } from "./api";
import { createChatTransport } from "./chat-transport";
import { fetchSettledPage, mergeNewestPage, PAGE_SIZE, prependOlderPage } from "./message-sync";
import { toChatMessage, type ChatMessage, type MessagePage } from "./types";

type Options = {
  threadId: string;
  initialPage: MessagePage;
  /** Called after every turn is stored, e.g. to refresh titles and order in the sidebar. */
  onTurnSettled: () => void;
};

export function useThreadChat({ threadId, initialPage, onTurnSettled }: Options) {
  const [transport] = useState(createChatTransport);
  const [initialMessages] = useState(() => initialPage.messages.map(toChatMessage));
  const [olderCursor, setOlderCursor] = useState(initialPage.nextCursor);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [syncError, setSyncError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
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
    [busy, sendMessage],
  );

  const retry = useCallback(
    (messageId: string) => {
      if (busy) return;
      setSyncError(null);
      void regenerate({ messageId });
    },
    [busy, regenerate],
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
    stop,
    retry,
    errorText: syncError ?? requestError,
    dismissError: () => {
      setSyncError(null);
      clearError();
    },
    older: { hasMore: olderCursor !== null, loading: loadingOlder, error: olderError, load: loadOlder },
  };
}
