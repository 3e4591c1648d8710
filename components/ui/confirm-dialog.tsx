"use client";

import { useId } from "react";
import { Button } from "./button";
import { ModalDialog } from "./modal-dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
};

/** Cancel gets focus first, so a stray Enter never deletes anything. */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  // Several of these can be on a page at once (the sidebar's, the transcript's): ids must differ.
  const titleId = useId();
  return (
    <ModalDialog open={open} title={title} titleId={titleId} onCancel={onCancel} closeOnBackdrop testId={testId}>
      <p className="mt-2 text-sm text-neutral-600">{description}</p>
      <div className="mt-5 flex justify-end gap-2">
        <Button onClick={onCancel} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} data-testid="confirm-accept">
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
