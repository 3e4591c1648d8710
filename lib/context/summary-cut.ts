import { latestRunIndex } from "./run-floor";
import type { SummaryRef } from "./types";

/**
 * Where a saved summary still applies, or -1 when it no longer describes the
 * transcript. Edits and retries can delete the cut message, and a new routine
 * run moves the floor; in both cases the summary talks about a conversation
 * the user no longer has, so it must be dropped rather than trusted.
 */
export function summaryCutIndex(
  messages: ReadonlyArray<{ id: string; role: string; runStart?: boolean }>,
  summary: SummaryRef,
  runIndex: number = latestRunIndex(messages),
): number {
  // An out-of-range runIndex names no message, so no summary can match it.
  const floor = runIndex >= 0 ? messages[runIndex]?.id : null;
  if (floor === undefined || summary.floorMessageId !== floor) return -1;
  const index = messages.findIndex((message) => message.id === summary.cutMessageId);
  // The model must start at a turn boundary inside the current run.
  if (index <= runIndex || messages[index]?.role !== "user") return -1;
  return index;
}

export const STALE_NEW_RUN = "a new routine run started";
export const STALE_CUT_REMOVED = "an edit or retry removed the cut message";

/** Why a summary no longer applies, told apart because a person acts differently on each. */
export function staleReason(summary: SummaryRef, currentFloorMessageId: string | null): string {
  return summary.floorMessageId !== currentFloorMessageId ? STALE_NEW_RUN : STALE_CUT_REMOVED;
}
