"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { PendingRetry } from "./use-retry-confirmation";

type RetryConfirmDialogProps = {
  pending: PendingRetry | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Says what a retry or regeneration in the middle of a thread costs before the later turns leave the transcript. */
export function RetryConfirmDialog({ pending, onConfirm, onCancel }: RetryConfirmDialogProps) {
  const later = pending?.later ?? 0;
  const count = later === 1 ? "1 later message" : `${later} later messages`;
  return (
    <ConfirmDialog
      open={pending !== null}
      testId="retry-confirm"
      title="Write this reply again?"
      description={`A new reply replaces this one, and the ${count} after it will leave the transcript (they stay in the audit trail).`}
      confirmLabel={later === 1 ? "Retry and remove it" : "Retry and remove them"}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
