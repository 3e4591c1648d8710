"use client";

import { CompactionStatus } from "@/components/context/compaction-status";
import type { ContextInfo } from "@/components/context/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Composer } from "./composer";
import { Transcript } from "./transcript";
import type { MessagePage } from "./types";
import { useFileToolSignal } from "./use-file-tool-signal";
import { useThreadChat } from "./use-thread-chat";
import { SendAgainCountdown } from "@/components/account/send-again-countdown";

type ChatSessionProps = {
  threadId: string;
  initialPage: MessagePage;
  /** The thread's context as the model sees it; null until it has loaded. */
  context: ContextInfo | null;
  onTurnSettled: () => void;
  onEdited: () => void;
  /** A file tool call of the streaming reply finished: the workspace may have changed. */
  onFileTool: () => void;
};

/** One open thread: its transcript, errors that are not part of it, and the composer. */
export function ChatSession({ threadId, initialPage, context, onTurnSettled, onEdited, onFileTool }: ChatSessionProps) {
  const chat = useThreadChat({ threadId, initialPage, onTurnSettled, onEdited });
  useFileToolSignal(chat.messages, chat.streaming, onFileTool);

  // A stale summary has no window: the marker shows only where the model really starts reading.
  const cut = context?.window && context.summary ? { messageId: context.window.cutMessageId, summary: context.summary } : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Transcript
        messages={chat.messages}
        streaming={chat.streaming}
        busy={chat.busy}
        older={chat.older}
        onRetry={chat.retry}
        onEdit={chat.edit}
        cut={cut}
      />
      {chat.errorText && (
        <div className="mx-auto w-full max-w-3xl px-4">
          <Alert
            data-testid="chat-error"
            action={<Button size="sm" variant="ghost" onClick={chat.dismissError} aria-label="Dismiss error">Dismiss</Button>}
          >
            <SendAgainCountdown text={chat.errorText} />
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
        onSend={chat.send}
        onStop={() => void chat.stop()}
        busy={chat.busy}
        streaming={chat.streaming}
      />
    </div>
  );
}
