"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { SHORTCUTS } from "./shortcuts";

/** The shortcut list, opened with "?" or the sidebar's "Keyboard shortcuts" button. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <ModalDialog open={open} title="Keyboard shortcuts" titleId={titleId} onCancel={onClose} closeOnBackdrop testId="shortcut-help">
      <dl className="mt-3 divide-y divide-neutral-200 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.id} className="flex items-center justify-between gap-4 py-1.5">
            <dt className="text-neutral-700">{s.does}</dt>
            <dd className="flex shrink-0 gap-1">
              {s.keys.map((k) => (
                <kbd key={k} className="rounded border border-neutral-300 bg-neutral-50 px-1.5 font-mono text-xs text-neutral-800">
                  {k}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-neutral-600">
        In the file editor, Tab indents. To leave the editor by keyboard, press Esc, then Tab (or Shift+Tab).
      </p>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </ModalDialog>
  );
}
