import "server-only";
import { db } from "@/lib/db/client";
import { startCompaction } from "./compaction-job";
import { storedValue } from "@/lib/db/stored-value";
import { COMPACTION_TRIGGERS, type CompactionTrigger } from "@/lib/compaction/trigger";

// A compaction whose function died (a serverless function past its maxDuration, a crashed
// process) is left "running"; the sweeper marks it "interrupted". The cron starts those again in
// an invocation of their own, so a compaction whose function died still lands.
const RECENT_MS = 24 * 60 * 60_000;
// A job that dies every time (too large for any function's budget) is given up after this many.
const MAX_INTERRUPTED_IN_A_ROW = 3;

/** Threads whose latest compaction receipt is a recent interrupted one (dead job), with its trigger. */
export async function deadCompactions(limit = 5, now = new Date()): Promise<Array<{ threadId: string; trigger: CompactionTrigger }>> {
  const interrupted = await db().compaction.findMany({
    where: { status: "interrupted", startedAt: { gt: new Date(now.getTime() - RECENT_MS) } },
    orderBy: { startedAt: "desc" },
    select: { threadId: true },
    take: 200,
  });
  const out: Array<{ threadId: string; trigger: CompactionTrigger }> = [];
  for (const threadId of new Set(interrupted.map((r) => r.threadId))) {
    const latest = await db().compaction.findMany({
      where: { threadId },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      take: MAX_INTERRUPTED_IN_A_ROW,
      select: { status: true, trigger: true },
    });
    if (latest[0]?.status !== "interrupted") continue;
    if (latest.length === MAX_INTERRUPTED_IN_A_ROW && latest.every((r) => r.status === "interrupted")) continue;
    out.push({ threadId, trigger: storedValue(COMPACTION_TRIGGERS, latest[0].trigger, "Compaction.trigger") });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Starts them again one after another, each in its own invocation when compactions get one
 * (lib/background/compaction-job.ts); each takes the thread's lease, so a live job is never doubled.
 */
export async function retryDeadCompactions(
  jobs: ReadonlyArray<{ threadId: string; trigger: CompactionTrigger }>,
  origin?: string,
): Promise<void> {
  for (const job of jobs) await startCompaction(job, origin);
}
