import { planModelInput, type ModelInputPlan } from "@/lib/context";
import { activeSummary, type SummaryRow } from "@/lib/db/summaries";
import { latestRunStart, messagesFrom, type StoredMessage } from "@/lib/db/messages";
import { db } from "@/lib/db/client";

export type LoadedWindow = {
  summary: SummaryRow | null;
  plan: ModelInputPlan<StoredMessage>;
};

/** The current transcript of the latest routine run (or the whole thread outside routines). */
export async function loadRunTranscript(threadId: string): Promise<StoredMessage[]> {
  const floor = await latestRunStart(threadId);
  return messagesFrom(threadId, floor?.seq ?? 0);
}

/**
 * Loads only what the next request needs: the active summary and the messages from its cut on
 * (plus the run's start message, which the validity check compares against). Its cost does not
 * grow with the stored transcript unless the summary is stale or missing.
 */
export async function loadWindow(threadId: string): Promise<LoadedWindow> {
  const [summary, floor] = await Promise.all([activeSummary(threadId), latestRunStart(threadId)]);
  if (summary) {
    const cut = await db().message.findFirst({
      where: { id: summary.cutMessageId, threadId, deletedAt: null },
      select: { seq: true },
    });
    if (cut) {
      const fromCut = await messagesFrom(threadId, cut.seq);
      const candidates = floor && floor.seq < cut.seq ? [floor, ...fromCut] : fromCut;
      const plan = planModelInput(candidates, summary);
      if (!plan.summaryStale) return { summary, plan };
    }
    // Stale: the model sees the current transcript (from the run's start) until the next compaction.
    const all = await messagesFrom(threadId, floor?.seq ?? 0);
    return { summary, plan: { ...planModelInput(all, null), summaryStale: true } };
  }
  return { summary: null, plan: planModelInput(await messagesFrom(threadId, floor?.seq ?? 0), null) };
}
