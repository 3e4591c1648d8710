"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import type { ApiSearchResult } from "@/lib/api";
import { onThreadSearchRequest } from "./page-events";
import { SearchResults } from "./search-results";
import { useSearch } from "./use-search";

type ThreadSearchProps = {
  threadId: string;
  /** Opens the thread at that message, however far back it is. */
  onChoose: (hit: ApiSearchResult) => Promise<string | null> | void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's "Search" switch (ThreadSearchToggle), which gets the focus back on close. */
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/**
 * Search in this chat, over the top of the transcript: the header's switch, or Ctrl/Cmd+F anywhere
 * in the app, opens it; Escape closes it. The switch lives in the header rather than floating over
 * the transcript, where it covered the first message's "You" label and the tool cards' badges.
 */
export function ThreadSearch({ threadId, onChoose, open, onOpenChange: setOpen, toggleRef: toggle }: ThreadSearchProps) {
  const [q, setQ] = useState("");
  // Limited to a seq range (the span a compaction summarized), until cleared.
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const search = useSearch(open ? q : "", threadId, range);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "f") {
        e.preventDefault();
        setOpen(true);
        requestAnimationFrame(() => input.current?.select());
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setOpen]);

  // Opened from the header's switch (or below): the box takes the focus.
  useEffect(() => {
    if (open) requestAnimationFrame(() => input.current?.focus());
  }, [open]);

  useEffect(
    () =>
      onThreadSearchRequest((r) => {
        setQ(r.q);
        setRange(r.range ?? null);
        setOpen(true);
        requestAnimationFrame(() => input.current?.focus());
      }),
    [setOpen],
  );

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  if (!open) return null;
  return (
    <div className="pointer-events-none absolute top-2 right-3 z-20 flex max-w-[min(26rem,calc(100%-1.5rem))] flex-col items-end gap-1">
      {
        <div
          id="thread-search"
          role="search"
          aria-label="Search this chat"
          onKeyDown={(e) => e.key === "Escape" && close()}
          className="pointer-events-auto w-[26rem] max-w-full rounded-lg border border-neutral-200 bg-white p-2 shadow-lg"
        >
          <input
            ref={input}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-label="Search this chat"
            placeholder="Words, an exact path or identifier…"
            maxLength={500}
            data-testid="thread-search-input"
            className="mb-1 w-full rounded border border-neutral-300 bg-transparent px-2 py-1 text-sm"
          />
          {range && (
            <p className="mb-1 flex items-center gap-2 text-xs text-neutral-600" data-testid="thread-search-range">
              In messages #{range.from}–#{range.to} (the summarized span)
              <button type="button" className="text-blue-700 underline" onClick={() => setRange(null)}>
                search the whole chat
              </button>
            </p>
          )}
          <div className="max-h-80 overflow-y-auto">
            <SearchResults
              q={q}
              results={search.data?.results}
              loading={search.isFetching}
              error={search.error}
              showThread={false}
              onChoose={onChoose}
            />
          </div>
        </div>
      }
    </div>
  );
}
