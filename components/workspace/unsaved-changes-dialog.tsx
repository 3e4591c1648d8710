"use client";

import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";

type UnsavedChangesDialogProps = {
  /** The file with unsaved edits, or null when the dialog is closed. */
  path: string | null;
  nextPath: string | null;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
};

/** Asked before another file replaces one with unsaved edits; "Save" has focus first because it loses nothing. */
export function UnsavedChangesDialog({ path, nextPath, saving, onSave, onDiscard, onCancel }: UnsavedChangesDialogProps) {
  return (
    <ModalDialog open={path !== null} title="Unsaved changes" titleId="unsaved-dialog-title" onCancel={onCancel} testId="unsaved-dialog">
      <p className="mt-2 text-sm text-neutral-600">
        “{path}” has edits that are not saved{nextPath ? `. Save them before opening “${nextPath}”?` : "."}
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <Button onClick={onCancel} data-testid="unsaved-cancel">
          Cancel
        </Button>
        <Button variant="danger" onClick={onDiscard} data-testid="unsaved-discard">
          Discard edits
        </Button>
        <Button variant="primary" autoFocus disabled={saving} onClick={onSave} data-testid="unsaved-save">
          {saving ? "Saving…" : "Save and continue"}
        </Button>
      </div>
    </ModalDialog>
  );
}
