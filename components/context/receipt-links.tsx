"use client";

import { jumpToMessage, openThreadSearch } from "@/components/search/page-events";
import type { CompactionReceipt } from "@/lib/api";
import { extractNames } from "@/lib/context/names";

/** The names the summary kept: found by the same extractor the compaction checks names with. */
export function keptNames(summaryText: string): string[] {
  return [...new Set(extractNames(summaryText))];
}

// At least 24 px each way (WCAG 2.2's target size): these sit in rows of small text, side by side.
export const linkClass =
  "inline-flex min-h-6 min-w-6 items-center rounded text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600";

/**
 * "What did the summary drop?" in one click: open the summarized span in the transcript, search
 * inside it, or search the whole chat for a name the summary kept.
 */
export function ReceiptLinks({ receipt, summaryText }: { receipt: CompactionReceipt; summaryText: string }) {
  const from = receipt.spanFirstSeq;
  const to = receipt.spanLastSeq;
  const names = keptNames(summaryText);
  return (
    <div className="mt-2 space-y-1 text-xs" data-testid="receipt-links">
      {from !== null && to !== null && (
        <p className="flex flex-wrap gap-x-3">
          <button type="button" className={linkClass} onClick={() => jumpToMessage({ seq: from, messageId: receipt.spanFirstId })}>
            Open the summarized messages (#{from}–#{to})
          </button>
          <button type="button" className={linkClass} onClick={() => openThreadSearch({ q: "", range: { from, to } })}>
            Search in them
          </button>
        </p>
      )}
      {names.length > 0 && (
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <span className="text-neutral-500">Kept names, find where each was said:</span>
          {names.map((name) => (
            <button
              key={name}
              type="button"
              className={`${linkClass} font-mono break-all`}
              aria-label={`Search this chat for ${name}`}
              onClick={() => openThreadSearch({ q: /\s/.test(name) ? `"${name.replace(/"/g, "")}"` : name })}
            >
              {name}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
