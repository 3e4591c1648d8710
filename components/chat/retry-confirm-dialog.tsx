"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { PendingRetry } from "./use-retry-confirmation";

type RetryConfirmDialogProps = {
  pending: PendingRetry | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Says what a retry or regeneration in the middle of a thread does to the later turns (they stay as the earlier version). */
export function RetryConfirmDialog({ pending, onConfirm, onCancel }: RetryConfirmDialogProps) {
  const later = pending?.later ?? 0;
  const count = later === 1 ? "1 later message" : `${later} later messages`;
  return (
    <ConfirmDialog
      open={pending !== null}
      testId="retry-confirm"
      title="Write this reply again?"
      description={`A new reply is written. This one and the ${count} after it stay as the earlier version: switch back with ‹ › on the reply. Workspace files and sent emails are not undone.`}
      confirmLabel={later === 1 ? "Retry and remove it" : "Retry and remove them"}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
