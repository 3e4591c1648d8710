"use client";

import { useState } from "react";
import { readableError } from "@/components/api/api-error";
import { PhraseText } from "@/components/chat/phrase-text";
import { Button } from "@/components/ui/button";
import type { ActionDecision, ApiAction } from "@/lib/api";
import { actionIntent, actionStatusWords, decisionLabels, journalEntryWords, type ActionStatusWords } from "@/lib/words/action-words";

type Props = { action: ApiAction; onDecide: (decision: ActionDecision) => Promise<void> };

const TONES: Record<ActionStatusWords["tone"], string> = {
  ok: "bg-emerald-100 text-emerald-800",
  busy: "bg-blue-100 text-blue-800",
  warn: "bg-amber-100 text-amber-900",
  bad: "bg-red-100 text-red-800",
  muted: "bg-neutral-200 text-neutral-700",
};

/** One action: what it was for and where it stands, in words; the person's choice when needed; its journal and raw facts folded. */
export function ActionRow({ action, onDecide }: Props) {
  const status = actionStatusWords(action);
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
      <div className="flex min-w-0 items-start gap-2">
        <p data-testid="action-intent" className="min-w-0 flex-1 text-[13px] leading-snug text-neutral-900">
          <PhraseText phrase={actionIntent(action)} />
        </p>
        <span data-testid="action-status" className={`shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium ${TONES[status.tone]}`}>
          {status.label}
        </span>
      </div>
      {status.detail && (
        <p data-testid="action-status-detail" className={`mt-1 ${status.tone === "bad" ? "text-red-800" : "text-neutral-700"}`}>
          <PhraseText phrase={status.detail} />
        </p>
      )}
      <p className="mt-0.5 text-neutral-600">
        Asked for {new Date(action.createdAt).toLocaleString()}
        {action.fromOtherVersion && (
          <span data-testid="action-other-version">
            {" "}
            in a version of the conversation not shown now (switching versions does not undo it)
          </span>
        )}
      </p>
      {action.status === "needs_human" && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={busy} data-testid="action-mark-sent" onClick={() => decide("mark_sent")}>
            {decisionLabels(action.type).markDone}
          </Button>
          <Button size="sm" disabled={busy} data-testid="action-send-again" onClick={() => decide("send_again")}>
            {decisionLabels(action.type).again}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      )}
      <details className="mt-1">
        <summary className="cursor-pointer rounded text-neutral-600 focus-visible:outline-2 focus-visible:outline-blue-600">
          What happened ({action.journal.length} {action.journal.length === 1 ? "step" : "steps"})
        </summary>
        <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-neutral-700">
          {action.journal.map((e) => (
            <li key={e.seq} data-testid="action-journal-entry" data-type={e.type}>
              {journalEntryWords(e, action.type)} <span className="text-neutral-600">{new Date(e.at).toLocaleTimeString()}</span>
            </li>
          ))}
        </ol>
        {action.resultId && (
          <p className="mt-1 text-neutral-600">
            The mail server&apos;s id for it: <code className="font-mono break-all">{action.resultId}</code>
          </p>
        )}
      </details>
    </li>
  );
}
