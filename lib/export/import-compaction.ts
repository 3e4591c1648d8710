import { startCompaction } from "@/lib/background/compaction-job";
import { compactAtInputTokens } from "@/lib/compaction/budgets";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { activeSummary } from "@/lib/db/summaries";
import { budgetModelOf } from "@/lib/models/thread-model";

/*
 * An imported conversation longer than the compaction threshold would, on its first new turn,
 * send only a bounded recent span and compact then. Compacting right after the import instead
 * (the route schedules this through afterResponse, and each compaction goes through
 * startCompaction, the app's one door for it) means the first new turn already has a summary.
 * A thread that came with an active summary (our own export) was compacted where it was made.
 */
export async function compactLongImports(threadIds: string[], origin?: string): Promise<void> {
  for (const threadId of threadIds) {
    if (await activeSummary(threadId)) continue;
    const { _sum } = await db().message.aggregate({ where: { threadId, deletedAt: null }, _sum: { tokens: true } });
    const threshold = compactAtInputTokens(config(), (await budgetModelOf(threadId)).contextWindow);
    // One at a time: each holds its thread's lease and a summarizer call; together they would
    // crowd the replies of everyone else on this server.
    if ((_sum.tokens ?? 0) >= threshold) await startCompaction({ threadId, trigger: "threshold" }, origin);
  }
}
