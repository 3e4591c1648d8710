import { memo } from "react";
import { MessageError } from "./message-error";
import { MessageParts } from "./message-parts";
import type { ChatMessage } from "./types";

/** "streaming"/"pending" exist only in this tab: the server's status replaces them after the turn. */
export type DisplayStatus = "complete" | "stopped" | "error" | "streaming" | "pending";

type MessageItemProps = {
  message: ChatMessage;
  status: DisplayStatus;
  retryDisabled: boolean;
  onRetry: (messageId: string) => void;
};

export const MessageItem = memo(function MessageItem({ message, status, retryDisabled, onRetry }: MessageItemProps) {
  const meta = message.metadata;
  const isUser = message.role === "user";
  const empty = !message.parts.some((p) => (p.type === "text" || p.type === "reasoning" ? p.text : p.type !== "step-start"));

  return (
    <article
      data-testid="message"
      data-role={message.role}
      data-status={status}
      data-message-id={message.id}
      data-tokens={meta?.tokens}
      aria-busy={status === "streaming" || undefined}
      className="group mx-auto w-full max-w-3xl px-4 py-2.5"
    >
      <div className={isUser ? "ml-auto w-fit max-w-[85%] rounded-2xl bg-neutral-100 px-4 py-2.5" : ""}>
        <header className={`mb-1 flex items-center gap-2 text-xs text-neutral-500 ${isUser ? "flex-row-reverse" : ""}`}>
          <span className="font-medium text-neutral-600">{isUser ? "You" : "Assistant"}</span>
          {status === "stopped" && (
            <span data-testid="message-stopped" className="rounded bg-amber-100 px-1.5 py-px font-medium text-amber-800">stopped</span>
          )}
          {status === "streaming" && <span className="animate-pulse">writing…</span>}
          {meta && (
            <span
              data-testid="message-tokens"
              title={`${meta.tokens} tokens`}
              className="opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
            >
              {meta.tokens.toLocaleString()} tokens
            </span>
          )}
        </header>
        <MessageParts message={message} />
        {status === "streaming" && empty && <span className="text-sm text-neutral-400">Thinking…</span>}
        {status === "stopped" && empty && <p className="text-sm text-neutral-500 italic">Stopped before any text arrived.</p>}
        {status === "error" && <MessageError text={meta?.error ?? null} retryDisabled={retryDisabled} onRetry={() => onRetry(message.id)} />}
      </div>
    </article>
  );
});
