"use client";

import { useEffect, useRef } from "react";
import { Button } from "./button";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal built on <dialog>: the browser traps focus and closes it on Escape, so keyboard use
 * works without extra code. Cancel gets focus first, so a stray Enter never deletes anything.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onCancel(); // a click on the backdrop
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg border border-neutral-200 p-0 shadow-xl backdrop:bg-black/30"
      aria-labelledby="confirm-dialog-title"
    >
      <div className="p-5">
        <h2 id="confirm-dialog-title" className="text-base font-semibold text-neutral-900">{title}</h2>
        <p className="mt-2 text-sm text-neutral-600">{description}</p>
        <div className="mt-5 flex justify-end gap-2">
          <Button onClick={onCancel} data-testid="confirm-cancel">Cancel</Button>
          <Button variant="danger" onClick={onConfirm} data-testid="confirm-accept">{confirmLabel}</Button>
        </div>
      </div>
    </dialog>
  );
}
