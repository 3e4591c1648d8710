import { latestRunIndex } from "./run-floor";
import { summaryCutIndex } from "./summary-cut";
import { summaryPartText } from "./summary-part";
import type { ContextWindow, StoredMessage, StoredSummary } from "./types";

export type ModelInputPlan<M> = {
  messages: M[];
  window: ContextWindow | null;
  /** True when a summary exists but no longer matches the transcript. */
  summaryStale: boolean;
};

/**
 * Decides which stored messages go to the model. The stored transcript is the
 * record the user scrolls through; this only shapes the next request, so it
 * copies instead of mutating.
 */
export function planModelInput<M extends StoredMessage>(
  messages: readonly M[],
  summary: StoredSummary | null,
): ModelInputPlan<M> {
  const runIndex = latestRunIndex(messages);
  const runMessages = (): M[] => messages.slice(Math.max(runIndex, 0));

  if (summary === null) return { messages: runMessages(), window: null, summaryStale: false };

  const cut = summaryCutIndex(messages, summary, runIndex);
  // A stale summary may describe edits the user has since undone; sending the
  // whole run is slower but never wrong.
  if (cut === -1) return { messages: runMessages(), window: null, summaryStale: true };

  const cutMessage = messages[cut]!;
  // The summary rides on the first retained user message so the model still
  // starts at a user turn; a separate leading message would break that.
  const withSummary = {
    ...cutMessage,
    parts: [{ type: "text", text: summaryPartText(summary.text) }, ...cutMessage.parts],
  } as M;
  return {
    messages: [withSummary, ...messages.slice(cut + 1)],
    window: { cutMessageId: cutMessage.id },
    summaryStale: false,
  };
}
