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

/** The summary in force for a thread (the newest active one), valid or stale. */
export async function activeSummary(threadId: string, client: Db | Tx = db()): Promise<SummaryRow | null> {
  const row = await client.summary.findFirst({
    where: { threadId, status: "active" },
    orderBy: { createdAt: "desc" },
    select: summarySelect,
  });
  return row && { ...row, status: storedValue(SUMMARY_STATUSES, row.status, "Summary.status") };
}
