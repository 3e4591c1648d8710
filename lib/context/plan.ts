import type { BoundedSpan } from "./bounded-span";
import { latestRunIndex } from "./run-floor";
import { pinnedPartText } from "./pins";
import { staleReason, summaryCutIndex } from "./summary-cut";
import { summaryPartText } from "./summary-part";
import type { RecentSpan, TranscriptMessage, StoredSummary } from "./types";

export type ModelInputPlan<M> = {
  messages: M[];
  recentSpan: RecentSpan | null;
  /** True when a summary exists but no longer matches the transcript. */
  summaryStale: boolean;
  /** Why the summary is stale (a new run, or an edit/retry that removed the cut), else null. */
  staleReason?: string | null;
  /** Pinned messages before the cut that ride after the summary, and the texts the check expects. */
  pinnedIds?: string[];
  pinnedTexts?: string[];
  /** The cut message's own first text part, for the request-level check. */
  cutOpeningText?: string | null;
  /** User messages the request carries before the cut: the run's start message in a routine run. */
  userMessagesBeforeCut?: number;
  /** Set when the run without a summary would not fit and a recent span is sent instead (boundRun). */
  boundedSpan?: BoundedSpan | null;
};

/**
 * Decides which stored messages go to the model. The stored transcript is the
 * record the user scrolls through; this only shapes the next request, so it
 * copies instead of mutating.
 */
export function planModelInput<M extends TranscriptMessage>(
  messages: readonly M[],
  summary: StoredSummary | null,
  /** Pinned messages before the cut, already within the pin budget, oldest first. */
  pinned: ReadonlyArray<Pick<M, "id" | "role" | "parts">> = [],
): ModelInputPlan<M> {
  const runIndex = latestRunIndex(messages);
  const runMessages = (): M[] => messages.slice(Math.max(runIndex, 0));

  if (summary === null) return { messages: runMessages(), recentSpan: null, summaryStale: false };

  const cut = summaryCutIndex(messages, summary, runIndex);
  // A stale summary may describe edits the user has since undone; sending the
  // whole run is slower but never wrong.
  if (cut === -1) {
    const floor = runIndex >= 0 ? messages[runIndex]!.id : null;
    return { messages: runMessages(), recentSpan: null, summaryStale: true, staleReason: staleReason(summary, floor) };
  }

  const cutMessage = messages[cut]!;
  // The summary rides on the first retained user message so the model still
  // starts at a user turn; a separate leading message would break that.
  // Pinned messages follow the summary inside the same message, so the request still has exactly
  // one user message per stored user message and the check can count them.
  const pinnedTexts = pinned.map(pinnedPartText);
  const withSummary = {
    ...cutMessage,
    parts: [
      { type: "text", text: summaryPartText(summary.text) },
      ...pinnedTexts.map((text) => ({ type: "text", text })),
      ...cutMessage.parts,
    ],
  } as M;
  const opening = cutMessage.parts.find((part) => part.type === "text" && typeof part.text === "string");
  // A routine run's start message (its instructions, the digest of earlier runs and the notes)
  // stays verbatim ahead of the summary: what the run is for must never be summarized away.
  const runStart = runIndex >= 0 ? [messages[runIndex]!] : [];
  return {
    messages: [...runStart, withSummary, ...messages.slice(cut + 1)],
    userMessagesBeforeCut: runStart.filter((m) => m.role === "user").length,
    recentSpan: { cutMessageId: cutMessage.id },
    summaryStale: false,
    pinnedIds: pinned.map((p) => p.id),
    pinnedTexts,
    cutOpeningText: opening?.text ?? null,
  };
}
