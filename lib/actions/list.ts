import { db } from "@/lib/db/client";
import { loadJournal } from "./ledger";

const MAX_LISTED = 200;

/** The actions of one thread with their journals, newest first (for the API and the panel). */
export async function listThreadActions(userId: string, threadId: string) {
  const rows = await db().actionLedger.findMany({ where: { userId, threadId }, orderBy: { createdAt: "desc" }, take: MAX_LISTED });
  const events = await loadJournal(rows.map((r) => r.id));
  return rows.map((r) => ({
    key: r.key,
    type: r.type,
    provider: r.provider,
    status: r.status,
    attempt: r.attempt,
    resultId: r.resultId,
    errorCode: r.errorCode,
    learnedBy: r.learnedBy,
    runId: r.runId,
    request: JSON.parse(r.request) as Record<string, unknown>,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    journal: events
      .filter((e) => e.actionId === r.id)
      .map((e) => ({ seq: e.seq, type: e.type, actor: e.actor, payload: JSON.parse(e.payload) as Record<string, unknown>, at: e.createdAt })),
  }));
}

export type ListedAction = Awaited<ReturnType<typeof listThreadActions>>[number];
