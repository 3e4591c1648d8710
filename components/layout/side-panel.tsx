"use client";

import type { ReactNode } from "react";
import { Sheet } from "@/components/ui/sheet";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { PANELS_INLINE } from "./breakpoints";

type SidePanelProps = {
  open: boolean;
  onClose: () => void;
  /** The sheet's name for screen readers. */
  label: string;
  /** Names the region for the toggle's aria-controls. */
  id?: string;
  /** Beside the chat: stay mounted while hidden (an open file and its edits survive). */
  keepMounted?: boolean;
  children: ReactNode;
};

/**
 * A panel beside the page on wide screens (inside SplitView, which sets its width) and a
 * full-height sheet over it on narrower ones, where beside it would leave the chat too narrow. A sheet unmounts when it closes; the workspace keeps
 * unsaved drafts in the tab's storage (draft-stash.ts), so nothing is lost either way.
 */
export function SidePanel({ open, onClose, label, id, keepMounted = false, children }: SidePanelProps) {
  const inline = useMediaQuery(PANELS_INLINE);
  if (inline) {
    if (!open && !keepMounted) return null;
    return (
      <div id={open ? id : undefined} className={open ? "flex min-h-0 w-full flex-1" : "hidden"}>
        {children}
      </div>
    );
  }
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} label={label} side="right">
      <div id={id} className="flex min-h-0 flex-1">
        {children}
      </div>
    </Sheet>
  );
}
