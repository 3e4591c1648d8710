/** Compaction.trigger (the migration checked_status_columns holds the same list). */
export const COMPACTION_TRIGGERS = ["threshold", "overflow", "manual"] as const;
export type CompactionTrigger = (typeof COMPACTION_TRIGGERS)[number];

/**
 * Compact when the provider said the last call read at least `threshold` input tokens, or the turn
 * hit a context overflow. The provider's own count is what fills its context window, so it is the trigger.
 */
export function compactionTrigger(
  outcome: { lastInputTokens: number | null; overflow: boolean },
  threshold: number,
): CompactionTrigger | null {
  if (outcome.overflow) return "overflow";
  if (outcome.lastInputTokens !== null && outcome.lastInputTokens >= threshold) return "threshold";
  return null;
}
