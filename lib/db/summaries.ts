import type { Db, Tx } from "./client";
import { db } from "./client";

export type SummaryRow = {
  id: string;
  text: string;
  cutMessageId: string;
  floorMessageId: string | null;
  tokens: number;
  createdAt: Date;
  status: string;
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
export function activeSummary(threadId: string, client: Db | Tx = db()): Promise<SummaryRow | null> {
  return client.summary.findFirst({
    where: { threadId, status: "active" },
    orderBy: { createdAt: "desc" },
    select: summarySelect,
  });
}
