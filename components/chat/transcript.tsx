"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { SummaryMarker } from "@/components/context/summary-marker";
import { shortcutFor } from "@/components/shortcuts/shortcuts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ContextInfo } from "@/lib/api";
import { MessageItem, type DisplayStatus } from "./message-item";
import { OlderMessagesBar, type OlderMessages } from "./older-messages-bar";
import { RetryConfirmDialog } from "./retry-confirm-dialog";
import { JumpToLatest } from "./jump-to-latest";
import { estimatedRowHeight, serverListSize } from "./server-geometry";
import type { ChatMessage } from "./types";
import type { JumpTarget } from "./use-history-window";
import { useJumpScroll } from "./use-jump-scroll";
import { useMessageEdit } from "./use-message-edit";
import { useEditConfirmation } from "./use-edit-confirmation";
import { useRetryConfirmation } from "./use-retry-confirmation";

type TranscriptProps = {
  messages: ChatMessage[];
  streaming: boolean;
  busy: boolean;
  older: OlderMessages;
  onRetry: (messageId: string) => void;
  onEdit: (messageId: string, text: string) => Promise<void>;
  /** Where the recent span (what the model reads verbatim) starts, when a valid summary stands in for what is before. */
  cut: { messageId: string; summary: NonNullable<ContextInfo["summary"]> } | null;
  /** A page of history opened by a jump, shown instead of the live tail, and its newer pages. */
  history?: { detached: boolean; newer: { hasMore: boolean; loading: boolean; load: () => Promise<void> }; target: JumpTarget | null };
  /** Home and End on the transcript: the first and the latest message, one page away each. */
  onHome?: () => void;
  onEnd?: () => void;
  /** Mounted ahead of use, invisible (the first page, which Home reveals). */
  hidden?: boolean;
};

const ROW_ESTIMATE_PX = 120;
const PADDING_START_PX = 12;
const PADDING_END_PX = 24;

// Start loading the previous page this far before the top is reached, so scrolling rarely waits.
const LOAD_OLDER_WITHIN_PX = 600;

export function Transcript({ messages, streaming, busy, older, onRetry, onEdit, cut, history, onHome, onEnd, hidden }: TranscriptProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // A jump's list is mounted fresh (keyed by the jump) and starts at its landing row, so that row is
  // drawn in the first render instead of after a render at the old position and a scroll.
  const detachedAtMount = useRef(!!history?.detached).current;
  const landingAtMount = useRef(detachedAtMount ? messages.findIndex((m) => m.id === history?.target?.messageId) : -1).current;
  // From the server copy's sizes when the page had one (server-geometry.ts).
  const estimateSize = (index: number) => estimatedRowHeight(messages[index], ROW_ESTIMATE_PX);
  const rectAtMount = useRef(serverListSize() ?? { width: 0, height: typeof window === "undefined" ? 0 : window.innerHeight }).current;
  // The live end, by those estimates: where the layout effect below scrolls to.
  const endAtMount = useRef(
    Math.max(0, PADDING_START_PX + messages.reduce((sum, _, i) => sum + estimateSize(i), 0) + PADDING_END_PX - rectAtMount.height),
  ).current;
  // Only the rows near the viewport are mounted, so a thread of thousands of messages stays fast.
  // anchorTo "end" keeps the reader's row still when older pages are prepended, and
  // followOnAppend keeps a reader who is at the bottom there while replies stream in.
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    initialOffset: landingAtMount > 0 ? PADDING_START_PX + landingAtMount * ROW_ESTIMATE_PX : detachedAtMount ? 0 : endAtMount,
    // Unmeasured in the first render (a jump's list may even render hidden): the server copy's
    // size, else a screen's height. With none, the first render would mount no rows, and the
    // virtualizer's layout effect would render them synchronously, in the task of the commit.
    initialRect: rectAtMount,
    getItemKey: (index) => messages[index].id,
    overscan: 6,
    paddingStart: PADDING_START_PX,
    paddingEnd: PADDING_END_PX,
    anchorTo: "end",
    // A reader paging forward through history is not following the live end.
    followOnAppend: !history?.detached,
    scrollEndThreshold: 48,
    useFlushSync: false,
  });
  // Held here, above the rows, which unmount when scrolled out of view.
  const editConfirmation = useEditConfirmation(messages, onEdit);
  const { edit, actions: editActions } = useMessageEdit(editConfirmation.confirmEdit);
  const retry = useRetryConfirmation(messages, onRetry);
  const getScrollEl = useCallback(() => scrollRef.current, []);
  const highlighted = useJumpScroll(virtualizer, messages, history?.target ?? null, getScrollEl);

  useLayoutEffect(() => {
    if (!detachedAtMount) virtualizer.scrollToEnd();
  }, [virtualizer, detachedAtMount]);
  // The key press that opened this list was on the list it replaced; keep the keyboard here. Once
  // the list is painted, not in the key press: focusing makes the browser lay out the whole page.
  useEffect(() => {
    if (hidden) return;
    const t = setTimeout(() => {
      if (document.activeElement === document.body) scrollRef.current?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(t);
  }, [hidden]);

  // Sending is a request to see the answer: jump to the bottom even if the reader had scrolled up.
  const last = messages.at(-1);
  const justSentId = last?.role === "user" && !last.metadata ? last.id : null;
  useEffect(() => {
    if (justSentId) virtualizer.scrollToEnd();
  }, [justSentId, virtualizer]);

  const { hasMore, loading, error, load } = older;
  const newer = history?.detached ? history.newer : null;
  const maybeLoadOlder = () => {
    const el = scrollRef.current;
    if (el && hasMore && !loading && !error && el.scrollTop < LOAD_OLDER_WITHIN_PX) void load();
    if (el && newer?.hasMore && !newer.loading && el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_OLDER_WITHIN_PX)
      void newer.load();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const key = shortcutFor(e);
    if (key === "first-message" && onHome) onHome();
    else if (key === "latest-message" && onEnd) onEnd();
    else return;
    e.preventDefault();
  };
  // A short first page does not fill the screen and can't be scrolled: keep loading until it does.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasMore && !loading && !error && el.scrollHeight <= el.clientHeight + LOAD_OLDER_WITHIN_PX) void load();
  }, [messages.length, hasMore, loading, error, load]);

  const lastId = last?.id;
  const statusOf = (m: ChatMessage): DisplayStatus =>
    m.metadata?.status ?? (streaming && m.id === lastId && m.role === "assistant" ? "streaming" : "pending");

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <OlderMessagesBar older={older} />
      {/* Before the list in the focus order (Shift+Tab from it), though drawn over its bottom. */}
      {!hidden && !history?.detached && (
        <JumpToLatest scrollRef={scrollRef} replying={last ? statusOf(last) === "streaming" : false} toEnd={virtualizer.scrollToEnd} />
      )}
      <div
        ref={scrollRef}
        onScroll={maybeLoadOlder}
        onKeyDown={onKeyDown}
        aria-keyshortcuts="Home End"
        tabIndex={0}
        aria-label="Conversation"
        data-testid={hidden ? undefined : "transcript"}
        className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
      >
        {messages.length === 0 ? (
          <p className="mx-auto mt-24 max-w-md px-6 text-center text-sm text-neutral-500">
            No messages yet. Describe the task below; the whole conversation stays here, however long it gets.
          </p>
        ) : (
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const message = messages[row.index];
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  data-message-row={message.id}
                  data-highlighted={highlighted === message.id || undefined}
                  tabIndex={highlighted === message.id ? -1 : undefined}
                  className="absolute top-0 left-0 w-full outline-none data-[highlighted]:bg-yellow-50 data-[highlighted]:ring-2 data-[highlighted]:ring-yellow-400 data-[highlighted]:ring-inset"
                  style={{ transform: `translateY(${row.start}px)` }}
                >
                  {/* Part of the row, so the virtualizer measures and scrolls the marker with its message. */}
                  {cut?.messageId === message.id && <SummaryMarker summary={cut.summary} />}
                  <MessageItem
                    message={message}
                    status={statusOf(message)}
                    actionsDisabled={busy}
                    onRetry={retry.request}
                    editDraft={edit?.messageId === message.id ? edit.draft : null}
                    edit={editActions}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
      <RetryConfirmDialog pending={retry.pending} onConfirm={retry.confirm} onCancel={retry.cancel} />
      <ConfirmDialog
        open={editConfirmation.open}
        testId="edit-confirm"
        title="Save the edit and drop later messages?"
        description={`The edited message gets a new reply. The ${editConfirmation.dropped === 1 ? "1 later message stays" : `${editConfirmation.dropped} later messages stay`} with the earlier version: switch back with ‹ › on the message. Workspace files and sent emails are not undone.`}
        confirmLabel="Save and drop"
        onConfirm={editConfirmation.confirm}
        onCancel={editConfirmation.cancel}
      />
    </div>
  );
}
