import { runCompaction } from "@/lib/compaction/run";
import { compactionTrigger } from "@/lib/compaction/trigger";
import { config } from "@/lib/config";
import type { TurnOutcome } from "./turn-types";

/** Runs after the reply (next/server `after`, or a headless caller): never on the reply path. */
export async function afterTurn(threadId: string, outcome: Promise<Pick<TurnOutcome, "lastInputTokens" | "overflow">>): Promise<void> {
  const trigger = compactionTrigger(await outcome, config().COMPACT_AT_INPUT_TOKENS);
  if (trigger) await runCompaction(threadId, trigger);
}
