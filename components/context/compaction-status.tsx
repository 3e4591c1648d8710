"use client";

import type { ReactNode } from "react";
import type { ContextInfo } from "@/lib/api";

/** A banner above the composer: what happened (the heading), then what happens next. */
function Banner({ testId, heading, children }: { testId: string; heading: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-2 pt-2 sm:px-4">
      <div role="status" data-testid={testId} className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <p className="font-medium">{heading}</p>
        <p className="mt-0.5 text-[13px] leading-snug">{children}</p>
      </div>
    </div>
  );
}

/** What the summarizer does next, in the words the banners end with. */
function nextStep(info: ContextInfo): string {
  const latest = info.compaction.receipts[0];
  if (info.compaction.running) return "A new summary is being written…";
  if (latest?.status === "failed") return `The last summarization failed (${latest.reason}); it is tried again after the next reply.`;
  return "A new summary is written after the next reply.";
}

/** The background compaction's state, and the stale-summary warning, above the composer. */
export function CompactionStatus({ info }: { info: ContextInfo }) {
  const latest = info.compaction.receipts[0];
  if (info.boundedSpan) {
    // Said whether or not the summarizer already runs: what the model gets changed either way.
    return (
      <Banner testId="bounded-span" heading={info.summaryStale ? "The summary is out of date" : "This chat no longer fits the model"}>
        {info.summaryStale ? "The summary no longer matches this conversation and" : "Without a summary,"} the whole conversation no longer
        fits the model&apos;s context window: the model gets the latest {info.retainedMessages} messages and can search the{" "}
        {info.boundedSpan.omittedMessages} older ones. {nextStep(info)}
      </Banner>
    );
  }
  if (info.summaryStale) {
    return (
      <Banner testId="summary-stale" heading="The summary is out of date">
        {info.staleReason ? `It no longer matches this conversation: ${info.staleReason}.` : "It no longer matches this conversation."}{" "}
        Until a new one is ready the model reads the whole conversation instead, so nothing is left out. {nextStep(info)}
      </Banner>
    );
  }
  if (info.compaction.running) {
    return (
      <p role="status" data-testid="compaction-running" className="flex items-center gap-2 px-4 py-1 text-xs text-blue-700">
        <span className="h-2 w-2 animate-pulse rounded-full bg-blue-500" /> Summarizing earlier messages…
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
