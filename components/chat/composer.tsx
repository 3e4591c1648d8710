"use client";

import { useEffect, useId, useRef } from "react";
import { isShortcut } from "@/components/shortcuts/shortcuts";
import { useShortcut } from "@/components/shortcuts/use-shortcut";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { UploadedAttachment } from "@/lib/api";
import { AttachButton, AttachmentChips } from "./attachments/attachment-chips";
import { useAttachments } from "./attachments/use-attachments";
import type { QueuedMessage } from "./message-queue";
import { isOverlong, OverlongDraft, useDraftAttachment } from "./overlong-draft";
import { QueuedMessageCard, queuedMessageStatus } from "./queued-message";

/** The queued message and what the person can do with it (absent in the server's copy). */
export type ComposerQueue = {
  queued: QueuedMessage | null;
  onSendNow: () => void;
  onEdit: () => void;
  onCancel: () => void;
};

type ComposerProps = {
  draft: string;
  onDraftChange: (text: string) => void;
  /** Sends, or queues while a reply is written; `stopFirst`: stop that reply and send at once. */
  onSend: (text: string, how: { stopFirst: boolean }, attachments: UploadedAttachment[]) => void;
  /** The thread files are attached to; absent in the server's copy (nothing to attach to yet). */
  threadId?: string;
  onStop: () => void;
  /** Nothing to type into yet: the server's copy of the page, before the live chat is in. */
  disabled: boolean;
  /** A reply is being written, here or in another tab: sending queues the message. */
  replying: boolean;
  queue?: ComposerQueue;
  /** The server's MAX_MESSAGE_CHARS, once known: a longer draft is not sent but offered as a file. */
  maxChars?: number;
};

export function Composer({ draft, onDraftChange, onSend, onStop, disabled: notLive, replying, queue, threadId, maxChars }: ComposerProps) {
  const hydrated = useHydrated();
  const disabled = !hydrated || notLive;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const focus = () => textareaRef.current?.focus();
  useShortcut("focus-composer", focus);
  const queued = queue?.queued ?? null;
  const files = useAttachments(threadId ?? "");
  const canAttach = !disabled && threadId !== undefined;
  // A queued message is text only: files go with a message sent while the thread is free.
  const filesWait = files.uploading || (replying && files.ready.length > 0);
  const overlong = isOverlong(draft, maxChars);
  const overlongId = useId();
  const draftFile = useDraftAttachment(draft, onDraftChange, files.add);

  // The field starts disabled in the server's copy; give it the focus once it can be typed into,
  // unless the person has moved on to something else meanwhile.
  useEffect(() => {
    const active = document.activeElement;
    if (!disabled && (active === null || active === document.body)) textareaRef.current?.focus();
  }, [disabled]);

  const submit = (stopFirst: boolean) => {
    if (disabled || filesWait || overlong) return;
    if (draft.trim() || files.ready.length > 0) {
      onSend(draft, { stopFirst }, files.ready);
      files.clear();
    } else if (stopFirst && queued) queue?.onSendNow();
  };

  return (
    <form
      className="mx-auto w-full max-w-3xl px-2 pt-2 pb-3 sm:px-4 sm:pb-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit(false);
      }}
      onDragOver={(e) => {
        if (canAttach && e.dataTransfer.types.includes("Files")) e.preventDefault();
      }}
      onDrop={(e) => {
        if (!canAttach || e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        void files.add(e.dataTransfer.files);
      }}
    >
      {queue && queued && (
        <QueuedMessageCard
          queued={queued}
          onSendNow={() => {
            queue.onSendNow();
            focus();
          }}
          onEdit={() => {
            queue.onEdit();
            focus();
          }}
          onCancel={() => {
            queue.onCancel();
            focus();
          }}
        />
      )}
      <p role="status" className="sr-only">
        {queuedMessageStatus(queued)}
      </p>
      {/* A 2 px blue ring while typing: the box, not the bare textarea, shows where the focus is. */}
      <AttachmentChips items={files.items} onRemove={files.remove} />
      {overlong && (
        <OverlongDraft
          id={overlongId}
          length={draft.length}
          max={maxChars}
          attach={canAttach ? { busy: draftFile.busy, onAttach: () => void draftFile.attach().then(focus) } : undefined}
        />
      )}
      <div className="flex items-end gap-1.5 rounded-xl border border-neutral-400 bg-white p-1 shadow-sm focus-within:border-blue-600 focus-within:ring-1 focus-within:ring-blue-600 sm:gap-2 sm:p-2">
        <textarea
          ref={textareaRef}
          data-testid="composer"
          aria-label="Message"
          aria-keyshortcuts={replying ? "Alt+Enter" : undefined}
          aria-invalid={overlong || undefined}
          aria-describedby={overlong ? overlongId : undefined}
          placeholder={replying ? "Write your next message: it waits for the reply" : "Message the agent"}
          value={draft}
          disabled={disabled}
          rows={1}
          onChange={(e) => onDraftChange(e.target.value)}
          onPaste={(e) => {
            if (!canAttach || e.clipboardData.files.length === 0) return;
            e.preventDefault();
            void files.add(e.clipboardData.files);
          }}
          onKeyDown={(e) => {
            // isComposing: Enter that confirms an IME candidate must not send.
            if (e.nativeEvent.isComposing) return;
            if (e.key === "Enter" && !e.shiftKey && !e.altKey) submit(false);
            else if (isShortcut("stop-and-send", e)) submit(true);
            else if (isShortcut("cancel-queued", e) && queued) queue?.onCancel();
            else return;
            e.preventDefault();
          }}
          className="max-h-60 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-snug outline-none [field-sizing:content] placeholder:text-neutral-500 disabled:cursor-not-allowed disabled:text-neutral-500"
        />
        {replying && (
          <Button
            variant="secondary"
            onClick={onStop}
            data-testid="stop"
            aria-label="Stop the reply"
            className="max-sm:size-9 pointer-coarse:h-11! pointer-coarse:min-w-11!"
          >
            <span aria-hidden className="size-2.5 rounded-sm bg-neutral-800" /> <span className="max-sm:hidden">Stop</span>
          </Button>
        )}
        <Button
          type="submit"
          variant="primary"
          disabled={disabled || filesWait || overlong || (!draft.trim() && files.ready.length === 0)}
          data-testid={replying ? "queue" : "send"}
          aria-label={replying ? "Queue the message for after the reply" : undefined}
          className="max-sm:size-9 pointer-coarse:h-11! pointer-coarse:min-w-11!"
        >
          {/* An icon on phones leaves the text at least 280 px wide. */}
          {replying ? (
            <svg viewBox="0 0 20 20" className="size-4 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <circle cx="10" cy="10" r="7" />
              <path d="M10 6v4l3 2" />
            </svg>
          ) : (
            <svg viewBox="0 0 20 20" className="size-4 sm:hidden" fill="currentColor" aria-hidden>
              <path d="M10 3l6 6-1.4 1.4L11 6.8V17H9V6.8L5.4 10.4 4 9z" />
            </svg>
          )}
          <span className="max-sm:sr-only">{replying ? "Queue" : "Send"}</span>
        </Button>
      </div>
      {/* Attach sits below the box, not beside the text, so the message keeps its 280 px on a phone. A
          touch keyboard has no Shift+Enter to speak of: the hint is for physical keyboards. */}
      <div className="mt-1 flex items-center gap-2 px-1">
        <AttachButton disabled={!canAttach} onFiles={files.add} />
        <p className="min-w-0 flex-1 text-xs text-neutral-500 pointer-coarse:hidden" data-testid="composer-hint">
          {replying && files.ready.length > 0
            ? "Attached files go once the reply ends"
            : replying
              ? "Enter queues it for after the reply · Alt+Enter stops the reply and sends"
              : "Enter to send · Shift+Enter for a new line · drop or paste files to attach"}
        </p>
      </div>
    </form>
  );
}
