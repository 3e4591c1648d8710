"use client";

import { useEffect, useRef, useState } from "react";
import { readableError } from "@/components/api/api-error";
import { ThreadTitleEditor } from "./thread-title-editor";
import { useRenameChat } from "./use-threads";

/**
 * The open chat's title in its header, with a rename button beside it (a double click on the title does the
 * same). The field replaces both while it is open; Enter or leaving it saves, Escape cancels, and
 * the focus comes back to the button.
 */
export function HeaderTitle({ threadId, title }: { threadId: string; title: string }) {
  const rename = useRenameChat();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (editing || !opened.current) return;
    opened.current = false;
    if (document.activeElement === null || document.activeElement === document.body) button.current?.focus();
  }, [editing]);

  const start = () => {
    opened.current = true;
    setError(null);
    setEditing(true);
  };

  if (editing) {
    return (
      <div className="min-w-32 flex-1">
        {/* The page keeps its one heading while the field stands in for it. */}
        <h1 className="sr-only">{title}</h1>
        <ThreadTitleEditor
          initialTitle={title}
          onSave={(next) => {
            setEditing(false);
            rename(threadId, next).catch((e: unknown) => setError(`Could not rename the chat: ${readableError(e)}`));
          }}
          onCancel={() => setEditing(false)}
        />
      </div>
    );
  }
  return (
    <div className="flex min-w-40 flex-1 items-center gap-1">
      {/* At least 8rem, as the header's title was before the button came beside it. */}
      <h1 className="min-w-32 truncate text-sm font-medium text-neutral-800" data-testid="thread-title" title={title} onDoubleClick={start}>
        {title}
      </h1>
      <button
        ref={button}
        type="button"
        onClick={start}
        aria-label="Rename this chat"
        title="Rename this chat"
        data-testid="header-rename"
        className="grid size-7 shrink-0 place-items-center rounded text-neutral-500 hover:bg-neutral-200/70 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden>
          <path d="M4 13.5V16h2.5l7.4-7.4-2.5-2.5L4 13.5zM15.7 6.8a.7.7 0 000-1l-1.5-1.5a.7.7 0 00-1 0l-1.2 1.2 2.5 2.5 1.2-1.2z" />
        </svg>
      </button>
      {error && (
        <p role="alert" className="truncate text-xs text-red-700" data-testid="header-rename-error">
          {error}
        </p>
      )}
    </div>
  );
}
