"use client";

import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { api } from "@/components/api/api-client";
import { actions } from "@/components/api/action-client";
import { readableError, toApiError } from "@/components/api/api-error";
import { queryKeys } from "@/components/api/query-keys";
import { useThreadEvents } from "@/components/live/use-thread-events";
import type { MessagePage, TurnData, UploadedAttachment } from "@/lib/api";
import { attachmentPart } from "./attachments/parts";
import { createChatTransport } from "./chat-transport";
import { applyEdit } from "./message-sync";
import { transcriptSettled, withDraft } from "./message-queue";
import { turnErrorWords } from "./turn-error-words";
import { toChatMessage, type ChatMessage } from "./types";
import { useComposerDraft } from "./use-composer-draft";
import { useMessageQueue } from "./use-message-queue";
import { useNewestPageSync } from "./use-newest-page-sync";
import { useOlderPages } from "./use-older-pages";
import { useThreadInfo } from "./use-thread-info";

/** The chat of one thread: the AI SDK's live stream over the server's stored transcript. */
export function useThreadChat({ threadId, initialPage }: { threadId: string; initialPage: MessagePage }) {
  const queryClient = useQueryClient();
  const [transport] = useState(createChatTransport);
  const [initialMessages] = useState(() => initialPage.messages.map(toChatMessage));
  // Opened mid-reply (a reload, another tab): with REDIS_URL the live stream resumes, else 204.
  const [resume] = useState(() => initialPage.messages.at(-1)?.status === "streaming");
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [draft, setDraft] = useComposerDraft(threadId);
  const lastSentText = useRef("");
  const turnData = useRef<TurnData | null>(null);
  const lastError = useRef<unknown>(null);

  const refreshThread = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.thread(threadId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.threads() });
  }, [queryClient, threadId]);

  const chat = useChat<ChatMessage>({
    id: threadId,
    messages: initialMessages,
    transport,
    resume,
    // One render per 50 ms, not per word: each render parses the whole growing reply's markdown
    // again, so per-word renders cost the browser more the longer the reply gets.
    throttle: 50,
    onData: (part) => {
      if (part.type === "data-turn") turnData.current = part.data;
    },
    onError: (e) => {
      lastError.current = e;
    },
    // After success, stop and failure alike: the database is the truth, so read it again.
    onFinish: ({ isError }) => settleTurn(isError),
  });
  const { messages, status, error, setMessages, clearError, sendMessage, regenerate } = chat;
  const streamingHere = status === "submitted" || status === "streaming";
  const streamingRef = useRef(streamingHere);
  streamingRef.current = streamingHere;
  // Every change to the thread, from any tab or instance, reaches this tab's cache through its feed.
  const [pageReadAt] = useState(() => queryClient.getQueryState(queryKeys.newestPage(threadId))?.dataUpdatedAt);
  useThreadEvents(threadId, { streamingHere: () => streamingRef.current, since: pageReadAt });

  const info = useThreadInfo(threadId);
  const older = useOlderPages(threadId, initialPage.nextCursor, setMessages);
  const sync = useNewestPageSync({
    threadId,
    initialPage,
    activeTurn: info.data?.activeTurn,
    streamingHere,
    setMessages,
    onCursor: older.resetCursor,
  });

  function settleTurn(failed: boolean) {
    const confirmed = turnData.current !== null;
    turnData.current = null;
    const refused = failed ? toApiError(lastError.current) : null;
    lastError.current = null;
    // A request the server refused (an error answer with a code) stored nothing: nothing to wait
    // for. A dropped connection may or may not have stored it. Either way the text goes back to
    // the composer rather than risk losing it; a failure mid-reply is shown in the transcript.
    const failedRequest = refused !== null && refused.code !== "unknown";
    const storedNothing = failedRequest && refused.code !== "network";
    sync.streamEnded(confirmed || storedNothing);
    const text = lastSentText.current;
    lastSentText.current = "";
    if (refused?.code === "turn_in_progress") {
      // Another tab's turn holds the thread: a message waits for it like any queued one.
      clearError();
      if (text) queue.putBack(text);
      setNotice(turnErrorWords("turn_in_progress"));
    } else if (failedRequest && text) setDraft((current) => withDraft(text, current));
    refreshThread(); // a compaction that starts after the reply reaches the context gauge through the feed
  }

  const busy = streamingHere || editing || sync.remoteTurn;
  const replying = streamingHere || sync.remoteTurn;

  const sendNow = useCallback(
    (text: string, attachments: UploadedAttachment[] = []) => {
      lastSentText.current = text;
      setNotice(null);
      if (attachments.length === 0) return void sendMessage({ text });
      // The transport sends the attachments' paths; the parts show them in the transcript at once.
      void sendMessage({ parts: [{ type: "text", text }, ...attachments.map(attachmentPart)] });
    },
    [sendMessage],
  );
  // What is sent while a turn runs (or this tab's last one is not confirmed yet) waits here.
  const ready = !busy && transcriptSettled(messages);
  const queue = useMessageQueue({ threadId, ready, sendNow });

  const retry = useCallback(
    (messageId: string) => {
      if (busy) return;
      setNotice(null);
      lastSentText.current = ""; // a retry sends no text of the person's
      void regenerate({ messageId });
    },
    [busy, regenerate],
  );

  /** Stores the edit (rejections go back to the editor, which shows them), then streams its reply. */
  const edit = useCallback(
    async (messageId: string, text: string) => {
      if (busy) throw new Error("Wait for the reply to finish before editing.");
      setEditing(true);
      setNotice(null);
      let editedId: string;
      try {
        const edited = await actions.editMessage(threadId, messageId, text);
        editedId = edited.id;
        // The edit is stored already and is the message this turn answers: if its reply is
        // refused, no composer draft or queued copy comes back.
        lastSentText.current = "";
        setMessages((current) => applyEdit(current, messageId, edited));
        refreshThread(); // the summary may be stale now, and older pages may have lost messages
      } finally {
        setEditing(false);
      }
      void regenerate({ messageId: editedId });
    },
    [busy, refreshThread, regenerate, setMessages, threadId],
  );

  /**
   * Stops the reply, whichever tab or instance streams it: closing our stream alone would not (the
   * server stores a reply whole when its reader goes away).
   */
  const stop = useCallback(async () => {
    try {
      await api.stopTurn(threadId);
    } catch (e) {
      setNotice(`Could not stop the reply: ${readableError(e)}`);
    }
    if (streamingHere) await chat.stop();
    else refreshThread();
  }, [chat, streamingHere, refreshThread, threadId]);

  /**
   * Sends now when the thread is free; else queues the text for when the reply ends, or, with
   * `stopFirst`, stops the reply and sends it as soon as the stop has landed.
   */
  const send = useCallback(
    (text: string, { stopFirst = false, attachments = [] as UploadedAttachment[] } = {}) => {
      if (!text.trim() && attachments.length === 0) return;
      setDraft("");
      if (ready && !queue.queued) return sendNow(text, attachments);
      queue.add(text, stopFirst && replying);
      if (stopFirst && replying) void stop();
    },
    [queue, ready, replying, sendNow, setDraft, stop],
  );

  // A reply that failed mid-stream is stored as such and shown in the transcript with its retry.
  const lastStatus = messages.at(-1)?.metadata?.status;
  const shownInTranscript = lastStatus === "error" || lastStatus === "interrupted";
  const requestError = !streamingHere && !shownInTranscript && status === "error" && error ? readableError(error) : null;
  const syncError = sync.syncError ? `Could not reload the conversation: ${readableError(sync.syncError)}` : null;

  return {
    messages,
    streaming: streamingHere,
    /** A reply is being written, here or in another tab. */
    replying,
    busy,
    draft,
    setDraft,
    send,
    queued: queue.queued,
    /** Stops the reply and sends the queued message once the stop has landed. */
    sendQueuedNow: () => {
      queue.markStopFirst();
      if (replying) void stop();
    },
    cancelQueued: queue.clear,
    /** Takes the queued message back into the composer, before anything typed since. */
    editQueued: () => {
      if (!queue.queued) return;
      const text = queue.queued.text;
      queue.clear();
      setDraft((current) => withDraft(text, current));
    },
    stop,
    retry,
    edit,
    errorText: requestError ?? syncError,
    notice,
    dismissError: () => {
      setNotice(null);
      clearError();
    },
    older: older.older,
  };
}
