import { getChatModel } from "@/lib/ai/registry";
import { startCompaction } from "@/lib/background/compaction-job";
import { titleAfterExchange } from "@/lib/chat-list/model-title";
import { compactAtInputTokens } from "@/lib/compaction/budgets";
import { compactionTrigger } from "@/lib/compaction/trigger";
import { config } from "@/lib/config";
import type { TurnOutcome } from "./turn-types";

/**
 * Runs after the reply (next/server `after`, or a headless caller): never on the reply path. A
 * route passes its own origin so the compaction can get an invocation of its own
 * (lib/background/compaction-job.ts); a headless caller compacts in place. A chat still under its
 * automatic title gets the model's title beside it; neither waits for the other, and a failed
 * title never stops a compaction.
 */
export async function afterTurn(
  threadId: string,
  outcome: Promise<Pick<TurnOutcome, "lastInputTokens" | "overflow" | "contextWindow"> & Partial<Pick<TurnOutcome, "boundedSpan">>>,
  opts: { origin?: string } = {},
): Promise<void> {
  // The lower of COMPACT_AT_INPUT_TOKENS and a share of the model's known window: compact before
  // the provider's own limit.
  const settled = await outcome;
  const titled = titleAfterExchange(threadId).catch((err) => console.error("[chat title failed]", err));
  const trigger = compactionTrigger(settled, compactAtInputTokens(config(), settled.contextWindow ?? getChatModel().contextWindow));
  if (trigger) await startCompaction({ threadId, trigger }, opts.origin);
  await titled;
}
