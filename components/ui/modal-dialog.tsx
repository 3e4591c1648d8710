"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "./button";

type ModalDialogProps = {
  open: boolean;
  title: string;
  titleId: string;
  onCancel: () => void;
  /** Closing on a backdrop click suits questions whose cancel loses nothing. */
  closeOnBackdrop?: boolean;
  /** As wide as its content allows (an image at its own size), instead of a question's width. */
  wide?: boolean;
  testId?: string;
  children: ReactNode;
};

/**
 * A modal built on <dialog>: the browser traps focus and closes it on Escape, so keyboard use
 * works without extra code. Escape goes through onCancel so the caller's state stays the truth.
 */
export function ModalDialog({ open, title, titleId, onCancel, closeOnBackdrop = false, wide = false, testId, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  // Focus goes back to what opened the dialog however it closes: by the caller's state, or by the
  // caller unmounting it while open (the browser restores focus only on its own close paths, and
  // unmounting a focused dialog leaves focus on <body>).
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  const size = wide ? "w-fit max-w-[calc(100vw-2rem)]" : "w-[min(28rem,calc(100vw-2rem))]";
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
      className={`m-auto ${size} rounded-lg border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-black/30`}
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

/** The row that ends a dialog whose only answer is to close it. */
export function DialogCloseRow({ onClose }: { onClose: () => void }) {
  return (
    <div className="mt-3 flex justify-end">
      <Button size="sm" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
