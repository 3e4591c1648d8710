"use client";

import { Button } from "./button";
import { ModalDialog } from "./modal-dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Cancel gets focus first, so a stray Enter never deletes anything. */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalDialog open={open} title={title} titleId="confirm-dialog-title" onCancel={onCancel} closeOnBackdrop>
      <p className="mt-2 text-sm text-neutral-600">{description}</p>
      <div className="mt-5 flex justify-end gap-2">
        <Button onClick={onCancel} data-testid="confirm-cancel">Cancel</Button>
        <Button variant="danger" onClick={onConfirm} data-testid="confirm-accept">{confirmLabel}</Button>
      </div>
    </ModalDialog>
  );
}
