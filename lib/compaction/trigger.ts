/** Why a compaction runs; stored on its receipt (the migration checked_status_columns holds the same list), and accepted by the job route. */
export const COMPACTION_TRIGGERS = ["threshold", "overflow", "bounded", "manual"] as const;
export type CompactionTrigger = (typeof COMPACTION_TRIGGERS)[number];

/**
 * Compact when the provider said the last call read at least `threshold` input tokens, or the turn
 * hit a context overflow. The provider's own count is what fills its context window, so it is the
 * trigger. A turn whose request had to leave older messages out (no usable summary, and the run
 * would not fit: lib/context/bounded-span.ts) compacts at once too: its small input says nothing
 * about the run, and until a summary lands every turn sends only that recent span.
 */
export function compactionTrigger(
  outcome: { lastInputTokens: number | null; overflow: boolean; boundedSpan?: boolean },
  threshold: number,
): CompactionTrigger | null {
  if (outcome.overflow) return "overflow";
  if (outcome.boundedSpan) return "bounded";
  if (outcome.lastInputTokens !== null && outcome.lastInputTokens >= threshold) return "threshold";
  return null;
}
