"use client";

import type { PendingAttachment } from "./use-attachments";

/** The files going with the next message: name, upload progress or the refusal, and a remove button. */
export function AttachmentChips({ items, onRemove }: { items: PendingAttachment[]; onRemove: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="flex flex-wrap gap-1.5 px-1 pb-1.5" data-testid="attachment-chips">
      {items.map((a) => (
        <li
          key={a.id}
          data-testid="attachment-chip"
          className={`flex max-w-full items-center gap-1.5 rounded-md border px-2 py-1 text-xs ${a.error ? "border-red-300 bg-red-50 text-red-800" : "border-neutral-300 bg-neutral-50 text-neutral-800"}`}
        >
          <span className="min-w-0 truncate font-medium">{a.name}</span>
          {a.error ? (
            <span role="alert" className="min-w-0">
              {a.error}
            </span>
          ) : a.uploaded ? (
            <span className="sr-only">uploaded</span>
          ) : (
            <progress value={a.progress} max={1} aria-label={`Uploading ${a.name}`} className="h-1.5 w-16 accent-blue-600" />
          )}
          <button
            type="button"
            onClick={() => onRemove(a.id)}
            aria-label={`Remove ${a.name}`}
            className="-my-1 rounded px-1 text-neutral-600 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:min-h-8 pointer-coarse:min-w-8"
          >
            <span aria-hidden>×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The paper-clip button and the file input it opens. */
export function AttachButton({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  return (
    <label
      className={`inline-flex h-7 shrink-0 items-center justify-center gap-1 rounded-md px-1.5 text-xs font-medium text-neutral-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:bg-neutral-200/70 ${disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer"}`}
    >
      <input
        type="file"
        multiple
        disabled={disabled}
        aria-label="Attach files"
        data-testid="attach-input"
        className="sr-only"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
        <path d="M13.5 6.5l-6 6a1.8 1.8 0 002.5 2.5l6.5-6.5a3.5 3.5 0 00-5-5L5 10a5 5 0 007 7l5-5" />
      </svg>
      <span aria-hidden>Attach</span>
    </label>
  );
}
