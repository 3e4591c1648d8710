"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { latestMessagesQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import { MessageParts } from "@/components/chat/message-parts";
import { ThreadScopeProvider } from "@/components/chat/thread-scope";
import { isToolPart } from "@/components/chat/tool-part";
import { toChatMessage } from "@/components/chat/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ApiMessage } from "@/lib/api";
import { isNotesUpdateText } from "@/lib/context/run-text";

const LIMIT = 200;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export const messageAnchor = (id: string) => `routine-msg-${id}`;

/**
 * The routine's thread, newest 200 messages, with a divider where each run starts. The runtime's
 * own messages (run start, notes request) are folded; a person replies at the bottom, and those
 * replies are the follow-ups the next run's digest carries. Replies show their tool calls as the
 * chat does, so a call that waits for approval is answered here (for the routine's thread).
 */
export function RoutineTranscript({ threadId }: { threadId: string }) {
  const queryClient = useQueryClient();
  const transcript = useQuery(latestMessagesQuery(threadId, LIMIT));
  const messages = transcript.data;
  const [draft, setDraft] = useState("");
  // The whole thread reads again (transcript and workspace panel): once the turn has started, and when it ends.
  const refreshThread = () => queryClient.invalidateQueries({ queryKey: queryKeys.thread(threadId) });
  const reply = useMutation({
    mutationFn: async (text: string) => {
      const turn = await api.startChatTurn(threadId, text);
      void refreshThread();
      await turn.finished;
    },
    onSuccess: () => setDraft(""),
    onSettled: refreshThread,
  });
  const sending = reply.isPending;
  const failure = reply.error ?? transcript.error;
  const error = failure ? readableError(failure) : null;

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) reply.mutate(draft);
  };

  return (
    <ThreadScopeProvider threadId={threadId} kind="routine">
      <section aria-label="Routine thread" data-testid="routine-transcript" className="flex flex-col gap-2">
        {messages?.length === 0 && <p className="text-sm text-neutral-500">The thread is empty until the first run.</p>}
        {messages?.map((m) => (
          <div key={m.id} id={messageAnchor(m.id)}>
            {m.runStart && (
              <div role="separator" data-testid="run-divider" className="my-3 flex items-center gap-2 text-xs font-medium text-neutral-500">
                <span className="h-px flex-1 bg-neutral-300" />
                Run started · {when.format(new Date(m.createdAt))}
                <span className="h-px flex-1 bg-neutral-300" />
              </div>
            )}
            <TranscriptRow message={m} />
          </div>
        ))}
        {error && <Alert>{error}</Alert>}
        <form onSubmit={send} className="mt-2 flex gap-2">
          <textarea
            aria-label="Reply in the routine's thread"
            data-testid="routine-reply"
            className="min-h-10 flex-1 rounded-md border border-neutral-300 px-2 py-1.5 text-sm"
            placeholder="Reply between runs, e.g. “Skip newsletters from now on”"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" variant="primary" disabled={sending || !draft.trim()} data-testid="routine-reply-send">
            {sending ? "Sending…" : "Send"}
          </Button>
        </form>
      </section>
    </ThreadScopeProvider>
  );
}

function TranscriptRow({ message: m }: { message: ApiMessage }) {
  const runtime = m.role === "user" && (m.runStart || isNotesUpdateText(m.text));
  if (runtime) {
    return (
      <details
        data-testid={m.runStart ? "run-start-message" : "notes-request"}
        className="rounded-md border border-dashed border-neutral-300 px-3 py-1.5 text-xs text-neutral-600"
      >
        <summary className="cursor-pointer">
          {m.runStart
            ? "Run-start message: instructions, digest of recent runs, routine/notes.md"
            : "Asked the agent to update routine/notes.md"}
        </summary>
        <pre className="mt-1 overflow-x-auto whitespace-pre-wrap">{m.text}</pre>
      </details>
    );
  }
  // A reply with no text yet (the run is working) would be a bare "Assistant" header: it says the
  // run is working instead. One with neither text nor tool calls is left out.
  const message = toChatMessage(m);
  const empty = m.role === "assistant" && m.text.trim() === "" && !message.parts.some(isToolPart);
  if (empty && m.status !== "streaming") return null;
  return (
    <article
      data-testid="routine-message"
      data-role={m.role}
      className={m.role === "user" ? "ml-auto max-w-[85%] rounded-2xl bg-neutral-100 px-3 py-2 text-sm" : "text-sm"}
    >
      <p className="mb-0.5 text-xs text-neutral-500">{m.role === "user" ? "You" : "Assistant"}</p>
      {empty ? (
        <p data-testid="routine-message-working" className="inline-flex items-center gap-1.5 text-neutral-500">
          {/* The dot pulses, not the words: text fading to half its opacity fails contrast. */}
          <span aria-hidden className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" />
          Working on the run…
        </p>
      ) : (
        <MessageParts message={message} />
      )}
    </article>
  );
}
