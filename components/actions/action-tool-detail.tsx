"use client";

import { useEffect, useRef, useState } from "react";
import { useThreadScope } from "@/components/chat/thread-scope";
import { Button } from "@/components/ui/button";
import { ActionsDialog } from "./actions-dialog";

/** Under a send_email tool card: the way to the thread's actions and outbox. */
export function ActionToolDetail() {
  const { threadId } = useThreadScope();
  const [open, setOpen] = useState(false);
  const row = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  // The dialog unmounts with its element, so the browser cannot give focus back: once it is gone
  // (the page behind a modal is inert until then), the card does.
  useEffect(() => {
    if (wasOpen.current && !open) row.current?.querySelector("button")?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!threadId) return null;
  return (
    <div ref={row} className="mt-1 flex justify-end">
      <Button size="sm" variant="ghost" data-testid="open-actions" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Open actions and outbox
      </Button>
      {open && <ActionsDialog threadId={threadId} onClose={() => setOpen(false)} />}
    </div>
  );
}
