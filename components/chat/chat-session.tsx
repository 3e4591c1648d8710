"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Composer } from "./composer";
import { Transcript } from "./transcript";
import type { MessagePage } from "./types";
import { useThreadChat } from "./use-thread-chat";

type ChatSessionProps = { threadId: string; initialPage: MessagePage; onTurnSettled: () => void };

/** One open thread: its transcript, errors that are not part of it, and the composer. */
export function ChatSession({ threadId, initialPage, onTurnSettled }: ChatSessionProps) {
  const chat = useThreadChat({ threadId, initialPage, onTurnSettled });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Transcript messages={chat.messages} streaming={chat.streaming} busy={chat.busy} older={chat.older} onRetry={chat.retry} />
      {chat.errorText && (
        <div className="mx-auto w-full max-w-3xl px-4">
          <Alert
            data-testid="chat-error"
            action={<Button size="sm" variant="ghost" onClick={chat.dismissError} aria-label="Dismiss error">Dismiss</Button>}
          >
            {chat.errorText}
          </Alert>
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
