import type { Db, Tx } from "./client";
import { db } from "./client";
import { storedValue } from "./stored-value";

/** Summary.status: the newest "active" one is in force (the migration checked_status_columns holds the same list). */
const SUMMARY_STATUSES = ["active", "superseded"] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

export type SummaryRow = {
  id: string;
  text: string;
  cutMessageId: string;
  floorMessageId: string | null;
  tokens: number;
  createdAt: Date;
  status: SummaryStatus;
};

const summarySelect = {
  id: true,
  text: true,
  cutMessageId: true,
  floorMessageId: true,
  tokens: true,
  createdAt: true,
  status: true,
} as const;

// How far back a switch of versions looks for a summary made on the branch now shown.
const SUMMARIES_CONSIDERED = 20;

/**
 * The summary in force for a thread: of the active ones (a summary stays active until one made on
 * its own path replaces it: lib/compaction/save.ts), the newest whose cut (and floor) are on the
 * path, so switching back to a branch uses the summary made on it again without a new compaction
 * (a summary is valid while its cut is on the path: everything before the cut is then the cut's own
 * ancestors, what it summarized). When none is on the path, the newest active one, stale (the UI
 * says so): an edit that removes the cut of the summary in force does not fall back to the one it
 * replaced.
 */
export async function activeSummary(threadId: string, client: Db | Tx = db()): Promise<SummaryRow | null> {
  const rows = await client.summary.findMany({
    where: { threadId, status: "active" },
    orderBy: { createdAt: "desc" },
    take: SUMMARIES_CONSIDERED,
    select: summarySelect,
  });
  if (rows.length === 0) return null;
  const anchors = [...new Set(rows.flatMap((r) => (r.floorMessageId ? [r.cutMessageId, r.floorMessageId] : [r.cutMessageId])))];
  const onPath = new Set(
    (await client.message.findMany({ where: { threadId, id: { in: anchors }, deletedAt: null }, select: { id: true } })).map((m) => m.id),
  );
  const row = rows.find((r) => onPath.has(r.cutMessageId) && (!r.floorMessageId || onPath.has(r.floorMessageId))) ?? rows[0];
  return { ...row, status: storedValue(SUMMARY_STATUSES, row.status, "Summary.status") };
}
