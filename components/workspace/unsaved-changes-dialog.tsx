"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

type UnsavedChangesDialogProps = {
  /** The file with unsaved edits, or null when the dialog is closed. */
  path: string | null;
  nextPath: string | null;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
};

/**
 * Asked before another file replaces one with unsaved edits. A native <dialog> traps focus and
 * closes on Escape; "Save" has focus first because it is the choice that loses nothing.
 */
export function UnsavedChangesDialog({ path, nextPath, saving, onSave, onDiscard, onCancel }: UnsavedChangesDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = path !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      data-testid="unsaved-dialog"
      aria-labelledby="unsaved-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-neutral-200 p-0 shadow-xl backdrop:bg-black/30"
    >
      <div className="p-5">
        <h2 id="unsaved-dialog-title" className="text-base font-semibold text-neutral-900">Unsaved changes</h2>
        <p className="mt-2 text-sm text-neutral-600">
          “{path}” has edits that are not saved{nextPath ? `. Save them before opening “${nextPath}”?` : "."}
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <Button onClick={onCancel} data-testid="unsaved-cancel">Cancel</Button>
          <Button variant="danger" onClick={onDiscard} data-testid="unsaved-discard">Discard edits</Button>
          <Button variant="primary" autoFocus disabled={saving} onClick={onSave} data-testid="unsaved-save">
            {saving ? "Saving…" : "Save and continue"}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
