"use client";

import { useState } from "react";
import { readableError } from "@/components/api/api-error";
import { Button } from "@/components/ui/button";
import type { ActionDecision, ApiAction } from "@/lib/api";
import { statusView } from "./action-state";

type Props = { action: ApiAction; onDecide: (decision: ActionDecision) => Promise<void> };

/** One ledger row: state, recipient and subject, its journal, and the person's choice when needed. */
export function ActionRow({ action, onDecide }: Props) {
  const view = statusView(action.status);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: ActionDecision) => {
    setBusy(true);
    setError(null);
    try {
      await onDecide(decision);
    } catch (err) {
      setError(readableError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li data-testid="action-row" data-status={action.status} className="rounded-md border border-neutral-200 bg-white px-3 py-2 text-xs">
      <div className="flex min-w-0 items-center gap-2">
        <span className="font-mono font-medium text-neutral-800">{action.type}</span>
        <span className="min-w-0 truncate text-neutral-600" title={`${action.request.to} — ${action.request.subject}`}>
          {action.request.to} — {action.request.subject}
        </span>
        <span className={`ml-auto shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium ${view.tone}`}>{view.label}</span>
      </div>
      <p className="mt-1 truncate font-mono text-[11px] text-neutral-500" title={action.key}>
        attempt {action.attempt}
        {action.resultId ? ` · ${action.resultId}` : ""}
        {action.learnedBy ? ` · learned by ${action.learnedBy}` : ""}
        {action.errorCode ? ` · ${action.errorCode}` : ""}
      </p>
      {action.status === "needs_human" && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className="text-amber-800">It is not known whether this was sent.</span>
          <Button size="sm" disabled={busy} data-testid="action-mark-sent" onClick={() => decide("mark_sent")}>
            Mark as sent
          </Button>
          <Button size="sm" disabled={busy} data-testid="action-send-again" onClick={() => decide("send_again")}>
            Send again
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      )}
      <details className="mt-1">
        <summary className="cursor-pointer text-neutral-500">Journal ({action.journal.length})</summary>
        <ol className="mt-1 space-y-0.5 font-mono text-[11px] text-neutral-600">
          {action.journal.map((e) => (
            <li key={e.seq} data-testid="action-journal-entry">
              {e.seq}. {e.type} <span className="text-neutral-500">by {e.actor}</span>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
