"use client";

import { DialogCloseRow, ModalDialog } from "@/components/ui/modal-dialog";
import { ActionsPanel } from "./actions-panel";

/** The thread's actions and outbox in a modal, from a tool card or the thread header. */
export function ActionsDialog({ threadId, onClose }: { threadId: string; onClose: () => void }) {
  return (
    <ModalDialog open title="Actions and outbox" titleId="actions-dialog-title" onCancel={onClose} closeOnBackdrop testId="actions-dialog">
      <ActionsPanel threadId={threadId} />
      <DialogCloseRow onClose={onClose} />
    </ModalDialog>
  );
}
