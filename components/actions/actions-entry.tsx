"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { actionsQuery } from "@/components/api/queries";
import { Button } from "@/components/ui/button";
import { ActionsDialog } from "./actions-dialog";

/**
 * The thread header's way to the actions: how many sends wait for the person's decision, without
 * scrolling back to a tool card in a long or compacted chat. Shown once the workspace has any
 * action (a chat that never sent anything has nothing to show).
 */
export function ActionsEntry({ threadId }: { threadId: string }) {
  const [open, setOpen] = useState(false);
  const { data: actions } = useQuery(actionsQuery(threadId));
  if (!actions || actions.length === 0) return null;
  const waiting = actions.filter((a) => a.status === "needs_human").length;
  const label = waiting === 0 ? "Actions" : `Actions: ${waiting} ${waiting === 1 ? "send needs" : "sends need"} a decision`;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        data-testid="actions-entry"
        data-waiting={waiting}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Actions
        {waiting > 0 && (
          <span
            aria-hidden
            data-testid="actions-entry-count"
            className="rounded-full bg-amber-500 px-1.5 text-[11px] leading-4 font-semibold text-white"
          >
            {waiting}
          </span>
        )}
      </Button>
      {open && <ActionsDialog threadId={threadId} onClose={() => setOpen(false)} />}
    </>
  );
}
