import type { Config } from "@/lib/config";

/*
 * The numbers that keep compaction honest, derived from the settings in one place so the job, the
 * trigger and the inspector agree.
 */

const SUMMARY_SHARE = 0.08;
const MIN_SUMMARY_TOKENS = 500;
// Compact before the provider's limit: a turn can add tens of thousands of tokens before the
// next chance to compact.
const WINDOW_SHARE = 0.8;
// A span smaller than this share of the threshold is not worth a summary (unless the turn
// overflowed): summarizing it would buy a few hundred tokens and break the provider's cache.
const MIN_SPAN_SHARE = 0.25;

export function summaryMaxTokens(c: Pick<Config, "SUMMARY_MAX_TOKENS" | "COMPACT_AT_INPUT_TOKENS">): number {
  return c.SUMMARY_MAX_TOKENS ?? Math.max(MIN_SUMMARY_TOKENS, Math.round(c.COMPACT_AT_INPUT_TOKENS * SUMMARY_SHARE));
}

/** The lower of COMPACT_AT_INPUT_TOKENS and a share of the model's known window. */
export function compactAtInputTokens(c: Pick<Config, "COMPACT_AT_INPUT_TOKENS">, contextWindow: number | undefined): number {
  const byWindow = contextWindow ? Math.floor(contextWindow * WINDOW_SHARE) : Infinity;
  return Math.min(c.COMPACT_AT_INPUT_TOKENS, byWindow);
}

export function minSpanTokens(compactAt: number): number {
  return Math.floor(compactAt * MIN_SPAN_SHARE);
}
