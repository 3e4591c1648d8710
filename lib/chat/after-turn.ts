import { getChatModel } from "@/lib/ai/registry";
import { compactAtInputTokens } from "@/lib/compaction/budgets";
import { runCompaction } from "@/lib/compaction/run";
import { compactionTrigger } from "@/lib/compaction/trigger";
import { config } from "@/lib/config";
import type { TurnOutcome } from "./turn-types";

/** Runs after the reply (next/server `after`, or a headless caller): never on the reply path. */
export async function afterTurn(
  threadId: string,
  outcome: Promise<Pick<TurnOutcome, "lastInputTokens" | "overflow" | "contextWindow">>,
): Promise<void> {
  // The lower of COMPACT_AT_INPUT_TOKENS and a share of the model's known window: compact before
  // the provider's own limit.
  const settled = await outcome;
  const trigger = compactionTrigger(settled, compactAtInputTokens(config(), settled.contextWindow ?? getChatModel().contextWindow));
  if (trigger) await runCompaction(threadId, trigger);
}
