"use client";

import type { ContextInfo } from "@/lib/api";

/** The background compaction's state, and the stale-summary warning, above the composer. */
export function CompactionStatus({ info }: { info: ContextInfo }) {
  const latest = info.compaction.receipts[0];
  if (info.boundedSpan) {
    // Said whether or not the summarizer already runs: what the model gets changed either way.
    return (
      <p role="status" data-testid="bounded-span" className="px-4 py-1 text-xs text-amber-800">
        {info.summaryStale ? "The summary no longer matches this conversation and" : "Without a summary,"} the whole conversation no longer
        fits the model&apos;s context window: the model gets the latest {info.retainedMessages} messages and can search the{" "}
        {info.boundedSpan.omittedMessages} older ones.{" "}
        {info.compaction.running
          ? "A new summary is being written…"
          : latest?.status === "failed"
            ? `The last summarization failed (${latest.reason}); it is tried again after the next reply.`
            : "A new summary is written after the next reply."}
      </p>
    );
  }
  if (info.compaction.running) {
    return (
      <p role="status" data-testid="compaction-running" className="flex items-center gap-2 px-4 py-1 text-xs text-blue-700">
        <span className="h-2 w-2 animate-pulse rounded-full bg-blue-500" /> Summarizing earlier messages…
      </p>
    );
  }
  if (info.summaryStale) {
    return (
      <p role="status" data-testid="summary-stale" className="px-4 py-1 text-xs text-amber-800">
        The summary no longer matches this conversation (a message it was cut at was edited or retried). The model sees the full transcript
        until the next compaction.
      </p>
    );
  }
  if (latest?.status === "failed") {
    return (
      <p role="status" data-testid="compaction-failed" className="px-4 py-1 text-xs text-red-700">
        The last summarization failed ({latest.reason}); the previous context stays in force and it will be tried again.
      </p>
    );
  }
  return null;
}
