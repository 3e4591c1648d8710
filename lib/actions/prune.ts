import { db } from "@/lib/db/client";
import { TERMINAL_STATUSES } from "./types";

/**
 * Retention: only terminal rows (succeeded, failed_permanent), only older than `before`, and
 * never rows of a run that is still open. started, unknown, needs_human and failed_retryable rows
 * are never removed: they are what makes a retry safe.
 */
export async function pruneActions(opts: { before: Date; openRunIds: string[] }): Promise<number> {
  const { count } = await db().actionLedger.deleteMany({
    where: {
      status: { in: TERMINAL_STATUSES },
      updatedAt: { lt: opts.before },
      OR: [{ runId: null }, { runId: { notIn: opts.openRunIds } }],
    },
  });
  return count;
}
