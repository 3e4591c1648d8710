import { runCompaction } from "@/lib/compaction/run";
import { compactionTrigger } from "@/lib/compaction/trigger";
import { config } from "@/lib/config";
import type { TurnOutcome } from "./turn";

/** Runs after the response has been sent (next/server `after`): never on the reply path. */
export async function afterTurn(threadId: string, done: Promise<TurnOutcome>): Promise<void> {
  const trigger = compactionTrigger(await done, config().COMPACT_AT_INPUT_TOKENS);
  if (trigger) await runCompaction(threadId, trigger);
}
