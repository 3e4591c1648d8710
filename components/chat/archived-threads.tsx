"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { ThreadListItem, type ThreadItemActions } from "./thread-list-item";
import { useArchivedThreads } from "./use-threads";

type ArchivedThreadsProps = ThreadItemActions & { activeId: string | null };

/** The sidebar's Archived section: closed at first, its chats read when it opens. */
export function ArchivedThreads({ activeId, ...actions }: ArchivedThreadsProps) {
  const [open, setOpen] = useState(false);
  const archived = useArchivedThreads(open);
  // The sidebar is rendered twice (beside the page and in the phone's drawer): ids from useId.
  const listId = useId();
  return (
    <section className="mt-1 border-t border-neutral-200 pt-1" data-testid="archived-section">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen(!open)}
        data-testid="archived-toggle"
        className="flex w-full items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-medium text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <svg viewBox="0 0 20 20" className={`size-3 transition-transform ${open ? "rotate-90" : ""}`} fill="currentColor" aria-hidden>
          <path d="M7 4l7 6-7 6V4z" />
        </svg>
        Archived
      </button>
      {open && (
        <div id={listId} data-thread-list="">
          {archived.error && <Alert className="mb-2 text-xs">Could not load archived chats: {archived.error}</Alert>}
          {archived.threads === null && !archived.error && <Spinner label="Loading archived chats" className="px-2 py-1" />}
          {archived.threads?.length === 0 && <p className="px-2.5 py-1 text-xs text-neutral-600">No archived chats.</p>}
          <ul className="flex flex-col gap-0.5">
            {archived.threads?.map((t) => (
              <ThreadListItem key={t.id} thread={t} active={t.id === activeId} {...actions} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
