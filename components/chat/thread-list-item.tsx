"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useRef, useState, type Ref } from "react";
import { ThreadTitleEditor } from "./thread-title-editor";
import type { ApiThread as ThreadSummary } from "@/lib/api";

/** What a chat's row can do: rename, archive or bring back, delete (after a confirmation). */
export type ThreadItemActions = {
  onRename: (id: string, title: string) => void;
  /** Resolves once the chat has moved to the other list. */
  onArchive: (id: string, archived: boolean) => Promise<void>;
  onRequestDelete: (thread: ThreadSummary) => void;
};

type ThreadListItemProps = ThreadItemActions & { thread: ThreadSummary; active: boolean };

export function ThreadListItem({ thread, active, onRename, onArchive, onRequestDelete }: ThreadListItemProps) {
  const archived = Boolean(thread.archivedAt);
  const [editing, setEditing] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Which control started the rename: the field replaces both, so the element itself is gone by
  // the time the rename ends and the one rendered anew is focused.
  const openedFrom = useRef<"link" | "rename" | null>(null);
  const startEditing = (from: "link" | "rename") => {
    openedFrom.current = from;
    setEditing(true);
  };
  // Enter or Escape removes the field with the focus in it: give the focus back to whatever
  // started the rename. A click elsewhere (blur) keeps the focus where it went.
  useEffect(() => {
    if (editing || !openedFrom.current) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) (openedFrom.current === "link" ? link.current : renameButton.current)?.focus();
    openedFrom.current = null;
  }, [editing]);

  return (
    <li
      data-testid="thread-item"
      data-thread-id={thread.id}
      data-active={active || undefined}
      className={`group relative flex items-center rounded-md ${active ? "bg-neutral-200" : "hover:bg-neutral-100"}`}
    >
      {editing ? (
        <div className="w-full p-0.5">
          <ThreadTitleEditor
            initialTitle={thread.title}
            onSave={(title) => {
              setEditing(false);
              onRename(thread.id, title);
            }}
            onCancel={() => setEditing(false)}
          />
        </div>
      ) : (
        <>
          <IntentLink
            ref={link}
            href={`/t/${thread.id}`}
            aria-current={active ? "page" : undefined}
            title={thread.title}
            data-testid="thread-link"
            onDoubleClick={() => startEditing("link")}
            onKeyDown={(e) => {
              if (e.key === "F2") startEditing("link");
            }}
            className="min-w-0 flex-1 truncate rounded-md px-2.5 py-1.5 text-sm text-neutral-800 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {thread.title}
          </IntentLink>
          {/* Visible on hover, and on keyboard focus so they are reachable without a mouse. */}
          <div className={`flex shrink-0 gap-0.5 pr-1 ${active ? "" : "opacity-0 group-hover:opacity-100 group-focus-within:opacity-100"}`}>
            <IconButton ref={renameButton} label={`Rename “${thread.title}”`} testId="rename-thread" onClick={() => startEditing("rename")}>
              <path d="M4 13.5V16h2.5l7.4-7.4-2.5-2.5L4 13.5zM15.7 6.8a.7.7 0 000-1l-1.5-1.5a.7.7 0 00-1 0l-1.2 1.2 2.5 2.5 1.2-1.2z" />
            </IconButton>
            <IconButton
              label={`${archived ? "Unarchive" : "Archive"} “${thread.title}”`}
              testId={archived ? "unarchive-thread" : "archive-thread"}
              onClick={() => {
                // The row leaves this list: the focus goes on to its neighbour, not to the page's body.
                const next = neighbourLink(link.current);
                void onArchive(thread.id, !archived).then(() => next?.focus());
              }}
            >
              {archived ? (
                <path d="M3 4h14v3H3V4zm1 4h12v8H4V8zm6 1.5L7 12.5h2V15h2v-2.5h2L10 9.5z" />
              ) : (
                <path d="M3 4h14v3H3V4zm1 4h12v8H4V8zm6 7l3-3h-2V9.5H9V12H7l3 3z" />
              )}
            </IconButton>
            <IconButton label={`Delete “${thread.title}”`} testId="delete-thread" onClick={() => onRequestDelete(thread)}>
              <path d="M7 4V3h6v1h4v2H3V4h4zm-2 3h10l-.8 10H5.8L5 7zm3 2v6h1V9H8zm3 0v6h1V9h-1z" />
            </IconButton>
          </div>
        </>
      )}
    </li>
  );
}

/** The next chat's link in the same list, across its date groups (else the one before, else the Archived switch). */
function neighbourLink(from: HTMLAnchorElement | null): HTMLElement | null {
  const list = from?.closest("[data-thread-list]");
  if (!from || !list) return null;
  const links = [...list.querySelectorAll<HTMLElement>("[data-testid=thread-link]")];
  const at = links.indexOf(from);
  return links[at + 1] ?? links[at - 1] ?? from.closest("nav")?.querySelector<HTMLElement>("[data-testid=archived-toggle]") ?? null;
}

function IconButton({
  ref,
  label,
  testId,
  onClick,
  children,
}: {
  ref?: Ref<HTMLButtonElement>;
  label: string;
  testId: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={onClick}
      className="grid size-7 place-items-center rounded text-neutral-500 hover:bg-neutral-300/60 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden>
        {children}
      </svg>
    </button>
  );
}
