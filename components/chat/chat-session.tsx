"use client";

import { useQueryClient } from "@tanstack/react-query";
import { memo, useCallback, useDeferredValue, useEffect, useMemo, type RefObject } from "react";
import { queryKeys } from "@/components/api/query-keys";
import { CompactionStatus } from "@/components/context/compaction-status";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ContextInfo, MessagePage } from "@/lib/api";
import { onJumpRequest } from "@/components/search/page-events";
import { showHitBranch } from "@/components/search/show-hit-branch";
import { ThreadSearch } from "@/components/search/thread-search";
import { ThreadScopeProvider } from "./thread-scope";
import { Composer } from "./composer";
import { Transcript } from "./transcript";
import { useFileToolSignal } from "./use-file-tool-signal";
import { useThreadChat } from "./use-thread-chat";
import { useTranscriptNavigation } from "./use-transcript-navigation";
import { SendAgainCountdown } from "@/components/account/send-again-countdown";
import { useModelInfo } from "./use-model-info";

// Memoised, so the hidden list does not render again with every streamed word of the shown one;
// both lists use it, as Home keeps the hidden one's instance only if the component is the same.
const TranscriptList = memo(Transcript);
// The hidden first page pages nowhere until it is shown (and then gets the history window's own).
const NOTHING_OLDER = { hasMore: false, loading: false, error: null, load: async () => {} };
const NOTHING_NEWER = { hasMore: false, loading: false, load: async () => {} };

type ChatSessionProps = {
  threadId: string;
  initialPage: MessagePage;
  /** The thread's context as the model sees it; null until it has loaded. */
  context: ContextInfo | null;
  /** Whether the search box is open; its switch is in the header. */
  search: { open: boolean; setOpen: (open: boolean) => void; toggleRef: RefObject<HTMLButtonElement | null> };
};

/** One open thread: its transcript, errors that are not part of it, and the composer. */
export function ChatSession({ threadId, initialPage, context, search }: ChatSessionProps) {
  const queryClient = useQueryClient();
  const chat = useThreadChat({ threadId, initialPage });
  const maxMessageChars = useModelInfo().model?.maxMessageChars;
  const nav = useTranscriptNavigation(threadId, { messages: chat.messages, older: chat.older });
  const { openAt } = nav;
  // Mounted after whatever the reader asked for (End, a jump) is on screen, never in its render;
  // gone in the very render whose list holds any of its messages (nav.standby is then null), since
  // the deferred value would keep it one more commit and show those messages twice.
  const deferredStandby = useDeferredValue(nav.standby);
  const standby = nav.standby && deferredStandby?.key !== nav.listKey ? deferredStandby : null;
  useEffect(() => onJumpRequest((r) => openAt(r.seq, r.messageId)), [openAt]);
  // The workspace shows the agent's write while the reply is still being written.
  const filesChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.files(threadId) }),
    [queryClient, threadId],
  );
  useFileToolSignal(chat.messages, chat.streaming, filesChanged);

  // A stale summary has no recent span: the marker shows only where the model really starts reading.
  const cut = useMemo(
    () => (context?.recentSpan && context.summary ? { messageId: context.recentSpan.cutMessageId, summary: context.summary } : null),
    [context],
  );
  const message = chat.errorText ?? chat.notice;

  return (
    <ThreadScopeProvider threadId={threadId} kind="chat">
      <div className="relative flex min-h-0 flex-1 flex-col">
        <ThreadSearch
          threadId={threadId}
          onChoose={async (hit) => {
            const failed = await showHitBranch(queryClient, hit);
            if (!failed) nav.openAt(hit.seq, hit.messageId);
            return failed;
          }}
          open={search.open}
          onOpenChange={search.setOpen}
          toggleRef={search.toggleRef}
        />
        {/* One keyed list: Home turns the hidden first page into the shown one without mounting it anew.
          Both fill the same box, so revealing one changes no geometry: no layout to redo. */}
        <div className="relative min-h-0 flex-1">
          {[
            <div key={nav.listKey} className="absolute inset-0 flex flex-col">
              <TranscriptList
                messages={nav.messages}
                streaming={chat.streaming && !nav.detached}
                busy={chat.busy}
                older={nav.older}
                onRetry={chat.retry}
                onEdit={chat.edit}
                cut={cut}
                history={nav.transcriptHistory}
                onHome={nav.home}
                onEnd={nav.end}
              />
            </div>,
            standby && (
              // Laid out but invisible and inert (not display:none), so revealing it costs no layout.
              <div key={standby.key} inert aria-hidden className="invisible absolute inset-0 flex flex-col">
                <TranscriptList
                  messages={standby.messages}
                  streaming={false}
                  busy={chat.busy}
                  older={NOTHING_OLDER}
                  onRetry={chat.retry}
                  onEdit={chat.edit}
                  cut={cut}
                  history={{ detached: true, newer: NOTHING_NEWER, target: standby.target }}
                  hidden
                />
              </div>
            ),
          ]}
          {nav.detached && (
            // Floats over the list rather than taking a row, so the list keeps its size (see above).
            <div className="absolute inset-x-0 bottom-3 flex justify-center">
              <Button size="sm" className="shadow-md" onClick={nav.end} data-testid="back-to-latest">
                Back to latest ↓
              </Button>
            </div>
          )}
        </div>
        {message && (
          <div className="mx-auto w-full max-w-3xl px-4">
            <Alert
              data-testid={chat.errorText ? "chat-error" : "chat-notice"}
              action={
                <Button size="sm" variant="ghost" onClick={chat.dismissError} aria-label={chat.errorText ? "Dismiss error" : "Dismiss"}>
                  Dismiss
                </Button>
              }
            >
              <SendAgainCountdown text={message} />
            </Alert>
          </div>
        )}
        {context && (
          <div className="mx-auto w-full max-w-3xl">
            <CompactionStatus info={context} />
          </div>
        )}
        <Composer
          draft={chat.draft}
          onDraftChange={chat.setDraft}
          onSend={(text, how, attachments) => {
            nav.exit();
            chat.send(text, { ...how, attachments });
          }}
          threadId={threadId}
          onStop={() => void chat.stop()}
          disabled={false}
          replying={chat.replying}
          queue={{ queued: chat.queued, onSendNow: chat.sendQueuedNow, onEdit: chat.editQueued, onCancel: chat.cancelQueued }}
          maxChars={maxMessageChars}
        />
      </div>
    </ThreadScopeProvider>
  );
}
