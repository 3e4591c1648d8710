"use client";

import { useState } from "react";
import { Markdown } from "@/components/chat/markdown";
import { ReceiptDetails } from "./receipt-details";
import type { ContextInfo } from "@/lib/api";

/** Shown in the transcript just before the first message the model still sees verbatim. */
export function SummaryMarker({ summary }: { summary: NonNullable<ContextInfo["summary"]> }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto my-3 max-w-3xl px-4" data-testid="summary-marker">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full items-center gap-3 text-xs text-neutral-500 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <span className="h-px flex-1 bg-neutral-300" />
        <span>Earlier messages are summarized for the model · {open ? "hide" : "read"} summary</span>
        <span className="h-px flex-1 bg-neutral-300" />
      </button>
      {open && (
        <div className="mt-2 rounded-lg border border-neutral-200 bg-neutral-50 p-3 text-sm" data-testid="summary-text">
          <Markdown text={summary.text} />
          {summary.receipt && <ReceiptDetails receipt={summary.receipt} summaryText={summary.text} />}
        </div>
      )}
    </div>
  );
}
