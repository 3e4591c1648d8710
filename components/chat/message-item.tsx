import { memo, useRef, useState } from "react";
import type { MessageStatus } from "@/lib/api";
import { PinButton } from "@/components/context/pin-button";
import { MessageEditor } from "./message-editor";
import { MessageError } from "./message-error";
import { MessageParts } from "./message-parts";
import type { ChatMessage } from "./types";
import type { MessageEditActions } from "./use-message-edit";
import { VersionSwitcher } from "./version-switcher";
import { BranchDialog } from "./branch-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { formatCount } from "@/components/ui/format-count";

/**
 * The stored status, or "pending" for a message of this tab the server has not confirmed yet. A
 * stored "streaming" reply is being written by another tab (or was, before a reload).
 */
export type DisplayStatus = MessageStatus | "pending";

type MessageItemProps = {
  message: ChatMessage;
  status: DisplayStatus;
  /** A turn is under way: no retry or edit may race it. */
  actionsDisabled: boolean;
  onRetry: (messageId: string) => void;
  /** The unsaved text when this message is being edited, else null. */
  editDraft: string | null;
  edit: MessageEditActions;
};

const REVEAL_ON_HOVER =
  "opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100";
const HEADER_BUTTON =
  "rounded px-1 text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:text-neutral-300";

export const MessageItem = memo(function MessageItem({ message, status, actionsDisabled, onRetry, editDraft, edit }: MessageItemProps) {
  // True only in the row where Edit was pressed; a remount after scrolling starts false.
  const [openedHere, setOpenedHere] = useState(false);
  const [branching, setBranching] = useState(false);
  const editing = editDraft !== null;
  const editButton = useRef<HTMLButtonElement>(null);
  const meta = message.metadata;
  const isUser = message.role === "user";
  // Only stored messages have an id the server knows.
  const editable = isUser && meta !== undefined;
  const hasText = message.parts.some((p) => p.type === "text" && p.text);
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
      <div className={isUser ? `ml-auto max-w-[85%] rounded-2xl bg-neutral-100 px-4 py-2.5 ${editing ? "w-full" : "w-fit"}` : ""}>
        <header className={`mb-1 flex items-center gap-2 text-xs text-neutral-500 ${isUser ? "flex-row-reverse" : ""}`}>
          <span className="font-medium text-neutral-600">{isUser ? "You" : "Assistant"}</span>
          {meta?.versions && !editing && <VersionSwitcher versions={meta.versions} disabled={actionsDisabled} isUser={isUser} />}
          {status === "stopped" && (
            <span data-testid="message-stopped" className="rounded bg-amber-100 px-1.5 py-px font-medium text-amber-800">
              stopped
            </span>
          )}
          {status === "streaming" && (
            // The dot pulses, not the words: text fading to half its opacity fails contrast.
            <span className="inline-flex items-center gap-1">
              <span aria-hidden className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" />
              writing…
            </span>
          )}
          {meta && (
            <span data-testid="message-tokens" title={`${meta.tokens} tokens`} className={REVEAL_ON_HOVER}>
              {formatCount(meta.tokens)} tokens
            </span>
          )}
          {status !== "streaming" && hasText && !editing && (
            <CopyButton
              text={() => copiedText(message)}
              what="message"
              data-testid="copy-message"
              className={`${HEADER_BUTTON} ${REVEAL_ON_HOVER}`}
            />
          )}
          {meta && status !== "streaming" && <PinButton messageId={message.id} className={REVEAL_ON_HOVER} />}
          {meta && status !== "streaming" && !editing && (
            <button
              type="button"
              data-testid="branch-message"
              aria-haspopup="dialog"
              onClick={() => setBranching(true)}
              title="Branch into a new chat: the conversation up to here"
              className={`${HEADER_BUTTON} ${REVEAL_ON_HOVER}`}
            >
              Branch
            </button>
          )}
          {editable && !editing && (
            <button
              ref={editButton}
              type="button"
              data-testid="edit-message"
              onClick={() => {
                setOpenedHere(true);
                edit.start(message.id, messageText(message));
              }}
              disabled={actionsDisabled}
              title={actionsDisabled ? "Wait for the reply to finish" : "Edit this message; the reply is written again"}
              className={`${HEADER_BUTTON} ${REVEAL_ON_HOVER}`}
            >
              Edit
            </button>
          )}
          {!isUser && meta && (status === "complete" || status === "stopped") && (
            <button
              type="button"
              data-testid="regenerate"
              onClick={() => onRetry(message.id)}
              disabled={actionsDisabled}
              aria-label="Regenerate this reply"
              title={actionsDisabled ? "Wait for the reply to finish" : "Write this reply again (this one stays as an earlier version)"}
              className={`${HEADER_BUTTON} ${REVEAL_ON_HOVER}`}
            >
              Regenerate
            </button>
          )}
        </header>
        {editing ? (
          <MessageEditor
            initialText={messageText(message)}
            text={editDraft}
            onTextChange={(text) => edit.change(message.id, text)}
            onSave={(text) => edit.save(message.id, text)}
            autoFocus={openedHere}
            onCancel={() => {
              setOpenedHere(false);
              edit.cancel();
              // Keyboard users land back where they started, not at the top of the page.
              requestAnimationFrame(() => editButton.current?.focus());
            }}
            disabled={actionsDisabled}
          />
        ) : (
          <MessageParts message={message} />
        )}
        {status === "streaming" && empty && <span className="text-sm text-neutral-500">Thinking…</span>}
        {status === "stopped" && empty && <p className="text-sm text-neutral-500 italic">Stopped before any text arrived.</p>}
        {(status === "error" || status === "interrupted") && (
          <MessageError
            status={status}
            code={meta?.errorCode ?? null}
            text={meta?.error ?? null}
            retryDisabled={actionsDisabled}
            onRetry={() => onRetry(message.id)}
          />
        )}
      </div>
      {branching && <BranchDialog messageId={message.id} onClose={() => setBranching(false)} />}
    </article>
  );
});

/** What Copy puts on the clipboard: the message's markdown, its text parts apart by a blank line. */
function copiedText(message: ChatMessage): string {
  return message.parts.flatMap((p) => (p.type === "text" && p.text ? [p.text] : [])).join("\n\n");
}

function messageText(message: ChatMessage): string {
  return message.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}
