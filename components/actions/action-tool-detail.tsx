"use client";

import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { outcomeView, statusView, type ToolOutcome } from "./action-state";
import { ActionsDialog } from "./actions-dialog";
import { useLiveActionStatus } from "./use-live-action-status";

/** Under a send_email tool card: the action's state, the provider's id, and the actions view. */
export function ActionToolDetail({ output }: { output: unknown }) {
  const o = (output ?? {}) as ToolOutcome;
  const { id: threadId } = useParams<{ id: string }>();
  const live = useLiveActionStatus(threadId, o.key, o.state);
  const view = live ? statusView(live) : outcomeView(o);
  const [open, setOpen] = useState(false);
  return (
    <div
      data-testid="action-state"
      data-state={o.state}
      data-live-status={live ?? undefined}
      className="mt-1 flex min-w-0 items-center gap-2"
    >
      <span className={`shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium ${view.tone}`}>{view.label}</span>
      <span className="min-w-0 truncate font-mono text-neutral-600" title={o.resultId ?? o.message}>
        {o.state === "sent" ? o.resultId : o.message}
      </span>
      {threadId && (
        <Button size="sm" variant="ghost" className="ml-auto" data-testid="open-actions" onClick={() => setOpen(true)}>
          Actions
        </Button>
      )}
      {open && threadId && <ActionsDialog threadId={threadId} onClose={() => setOpen(false)} />}
    </div>
  );
}
