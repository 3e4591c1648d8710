import { countTokens } from "@/lib/ai/tokens";
import { boundRun, planModelInput, runFits, selectPins, staleReason, type ModelInputPlan, type RunBound } from "@/lib/context";
import { config } from "@/lib/config";
import { activeSummary, type SummaryRow } from "@/lib/db/summaries";
import { latestRunStart, messagesFrom, type MessagePart, type MessageRow } from "@/lib/db/messages";
import { db } from "@/lib/db/client";
import { budgetModelOf } from "@/lib/models/thread-model";
import { runBoundFor } from "./run-bound";

export type PinnedMessage = { id: string; seq: number; role: MessageRow["role"]; tokens: number; parts: MessagePart[]; pinnedAt: Date };

type Pins = { included: PinnedMessage[]; excluded: PinnedMessage[] };

/** A plan for the next request and the pins it carries. */
export type PlannedRun = {
  plan: ModelInputPlan<MessageRow>;
  /** Pins before the cut: the ones that ride after the summary (or the note), and any over the pin budget. */
  pins: Pins;
};

export type LoadedRecentSpan = PlannedRun & {
  /** Where shortened tool results save their full output. */
  workspaceId: string;
  summary: SummaryRow | null;
};

const NO_PINS: Pins = { included: [], excluded: [] };

/**
 * The latest routine run (or the whole thread outside routines) as the request carries it without a
 * summary: whole when it fits `bound`, else a recent span cut at a user turn with the recall note
 * (boundRun in lib/context). The run's pins are read only when it does not fit.
 */
export async function loadWholeRun(threadId: string, bound: RunBound, floorSeq?: number): Promise<PlannedRun> {
  const from = floorSeq ?? (await latestRunStart(threadId))?.seq ?? 0;
  const plan = planModelInput(await messagesFrom(threadId, from), null);
  if (runFits(plan.messages, bound)) return { plan, pins: NO_PINS };
  const pinned = await pinnedBefore(threadId, from, Number.MAX_SAFE_INTEGER);
  const { messages, boundedSpan } = boundRun(plan.messages, bound, countTokens, pinned);
  const among = (ids: string[] = []) => pinned.filter((p) => ids.includes(p.id));
  return {
    plan: { ...plan, messages, boundedSpan },
    pins: { included: among(boundedSpan?.pinnedIds), excluded: among(boundedSpan?.pinsOverBudget) },
  };
}

/**
 * Pinned live messages of the run that the cut at `beforeSeq` would otherwise summarize away.
 * The WHERE names only the thread and "pinned", the shape of the (threadId, pinnedAt) index: with
 * the deleted and seq filters in it as well, SQLite's planner prefers (threadId, deletedAt, seq)
 * and walks every message before the cut (21 ms at 100,000 messages, against 0.03 ms). The few
 * pinned rows are filtered and ordered here. tests/integration/pinned-index.test.ts checks the plan.
 */
export async function pinnedBefore(threadId: string, fromSeq: number, beforeSeq: number): Promise<PinnedMessage[]> {
  const rows = await db().message.findMany({
    where: { threadId, pinnedAt: { not: null } },
    select: { id: true, seq: true, role: true, tokens: true, parts: true, pinnedAt: true, deletedAt: true },
  });
  return rows
    .filter((r) => r.deletedAt === null && r.seq >= fromSeq && r.seq < beforeSeq)
    .sort((a, b) => a.seq - b.seq)
    .map(({ deletedAt: _deleted, ...r }) => ({
      ...r,
      role: r.role as MessageRow["role"],
      parts: JSON.parse(r.parts) as MessagePart[],
      pinnedAt: r.pinnedAt!,
    }));
}

export type RecentSpanHead = { summary: SummaryRow | null; floor: MessageRow | null };

/** The active summary and the run's start message: where the recent span is cut from. */
export async function readRecentSpanHead(threadId: string): Promise<RecentSpanHead> {
  const [summary, floor] = await Promise.all([activeSummary(threadId), latestRunStart(threadId)]);
  return { summary, floor };
}

/**
 * Loads only what the next request needs: the active summary, the messages from its cut on (plus
 * the run's start message, which the validity check compares against) and the pins before the
 * cut. Its cost does not grow with the stored transcript unless the summary is stale or missing;
 * then the run is held to `bound` (loadWholeRun). The turn runner passes what it already knows
 * (the workspace, the head it read while the turn opened, its model's bound), so a burst of turns
 * spends fewer round trips before the model is called.
 */
export async function loadRecentSpan(
  threadId: string,
  known: { workspaceId?: string; head?: Promise<RecentSpanHead>; bound?: RunBound } = {},
): Promise<LoadedRecentSpan> {
  const [{ summary, floor }, workspaceId, bound] = await Promise.all([
    known.head ?? readRecentSpanHead(threadId),
    known.workspaceId ??
      db()
        .thread.findUniqueOrThrow({ where: { id: threadId }, select: { workspaceId: true } })
        .then((t) => t.workspaceId),
    known.bound ?? budgetModelOf(threadId).then(runBoundFor),
  ]);
  if (summary) {
    const cut = await db().message.findFirst({
      where: { id: summary.cutMessageId, threadId, deletedAt: null },
      select: { seq: true },
    });
    if (cut) {
      const [fromCut, pinned] = await Promise.all([messagesFrom(threadId, cut.seq), pinnedBefore(threadId, floor?.seq ?? 0, cut.seq)]);
      const candidates = floor && floor.seq < cut.seq ? [floor, ...fromCut] : fromCut;
      const pins = selectPins(pinned, config().PIN_MAX_TOKENS);
      const plan = planModelInput(candidates, summary, pins.included);
      if (!plan.summaryStale) return { workspaceId, summary, plan, pins };
    }
    // Stale: the model sees the current run (held to the bound) until the next compaction.
    const whole = await loadWholeRun(threadId, bound, floor?.seq ?? 0);
    return {
      workspaceId,
      summary,
      plan: { ...whole.plan, summaryStale: true, staleReason: staleReason(summary, floor?.id ?? null) },
      pins: whole.pins,
    };
  }
  return { workspaceId, summary: null, ...(await loadWholeRun(threadId, bound, floor?.seq ?? 0)) };
}
