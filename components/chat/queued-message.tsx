"use client";

import { Button } from "@/components/ui/button";
import type { QueuedMessage } from "./message-queue";

/** What a screen reader hears when the queue changes (the composer's status line). */
export function queuedMessageStatus(queued: QueuedMessage | null): string {
  if (!queued) return "";
  return queued.stopFirst ? "Stopping the reply, then sending your message." : "Your message is queued: it is sent when the reply ends.";
}

type Props = {
  queued: QueuedMessage;
  onSendNow: () => void;
  onEdit: () => void;
  onCancel: () => void;
};

/** The queued message above the composer, with what can still be done with it. */
export function QueuedMessageCard({ queued, onSendNow, onEdit, onCancel }: Props) {
  return (
    <section
      aria-label="Queued message"
      data-testid="queued-message"
      data-stop-first={queued.stopFirst || undefined}
      className="mb-2 rounded-lg border border-blue-300 bg-blue-50 px-3 py-2"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="min-w-0 flex-1 text-xs font-medium text-blue-900">
          {queued.stopFirst ? "Stopping the reply, then sending" : "Queued: sent when the reply ends"}
        </p>
        <div className="flex gap-1">
          {!queued.stopFirst && (
            <Button size="sm" variant="ghost" onClick={onSendNow} data-testid="queued-send-now">
              Stop and send
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onEdit} data-testid="queued-edit" aria-label="Edit queued message">
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onCancel}
            data-testid="queued-cancel"
            aria-label="Cancel queued message"
            aria-keyshortcuts="Escape"
          >
            Cancel
          </Button>
        </div>
      </div>
      <p data-testid="queued-text" className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-wrap text-neutral-800">
        {queued.text}
      </p>
    </section>
  );
}
