"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read by screen readers when the sheet opens. */
  label: string;
  side: "left" | "right";
  testId?: string;
  children: ReactNode;
};

/**
 * A full-height panel over the page (the chat list on phones, the workspace and the inspector
 * below desktop width). Radix traps focus inside, closes on Escape or a click outside, hides the
 * rest from screen readers. Focus goes back to what had it before the sheet opened: Radix would
 * give it to a Dialog.Trigger, and these sheets are opened by switches, links and shortcuts.
 */
export function Sheet({ open, onOpenChange, label, side, testId, children }: SheetProps) {
  const edge = side === "left" ? "left-0 border-r" : "right-0 border-l";
  const opener = useRef<Element | null>(null);
  const width = side === "left" ? "w-[min(20rem,calc(100vw-3rem))]" : "w-full sm:w-[min(32rem,100vw)]";
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid={testId}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const target = opener.current;
            if (target instanceof HTMLElement && target.isConnected) target.focus();
          }}
          className={`fixed inset-y-0 z-50 flex h-dvh flex-col border-neutral-200 bg-white shadow-xl outline-none ${edge} ${width}`}
        >
          <Dialog.Title className="sr-only">{label}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
