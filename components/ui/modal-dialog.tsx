"use client";

import { useEffect, useRef, type ReactNode } from "react";

type ModalDialogProps = {
  open: boolean;
  title: string;
  titleId: string;
  onCancel: () => void;
  /** Closing on a backdrop click suits questions whose cancel loses nothing. */
  closeOnBackdrop?: boolean;
  testId?: string;
  children: ReactNode;
};

/**
 * A modal built on <dialog>: the browser traps focus and closes it on Escape, so keyboard use
 * works without extra code. Escape goes through onCancel so the caller's state stays the truth.
 */
export function ModalDialog({ open, title, titleId, onCancel, closeOnBackdrop = false, testId, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  // Focus goes back to what opened the dialog, also when the caller closes it (the browser only
  // restores focus on its own close paths, and not to an opener that was disabled meanwhile).
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      const target = opener.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onClick={(e) => {
        if (closeOnBackdrop && e.target === ref.current) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-black/30"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-base font-semibold text-neutral-900">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
