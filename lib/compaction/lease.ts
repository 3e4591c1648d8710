import { db } from "@/lib/db/client";
import { freeOrDead, holdLease, leaseLive, type LeaseKind } from "@/lib/jobs/lease";

/**
 * One compaction per thread: the thread's compaction lease (lib/jobs/lease.ts), taken with a
 * single compare-and-set UPDATE when it is free or its holder is dead. Two app instances racing
 * both run the same statement; the database lets one match.
 */
export async function tryAcquireLease(threadId: string, holder: string): Promise<boolean> {
  const now = new Date();
  const { count } = await db().thread.updateMany({
    where: { id: threadId, ...freeOrDead("compaction", now) },
    data: { compactionHolder: holder, compactionHeartbeatAt: now },
  });
  return count === 1;
}

const compactionLeases: LeaseKind = {
  name: "compaction",
  renew: async (holders, now) => {
    const rows = await db().thread.updateManyAndReturn({
      where: { compactionHolder: { in: holders } },
      data: { compactionHeartbeatAt: now },
      select: { compactionHolder: true },
    });
    return rows.map((r) => r.compactionHolder!);
  },
};

/**
 * Keeps our lease alive from this process's heartbeat while the job runs (a slow summarizer keeps
 * it; a crashed process stops renewing and loses it). Returns the release of the heartbeat.
 */
export function holdCompaction(holder: string): () => void {
  // A lost lease needs no signal: the save checks, in its transaction, that we still hold it.
  return holdLease(compactionLeases, holder, () => undefined);
}

/** Releases only our own lease: a holder whose lease was taken over changes nothing. */
export async function releaseLease(threadId: string, holder: string): Promise<void> {
  await db().thread.updateMany({
    where: { id: threadId, compactionHolder: holder },
    data: { compactionHolder: null, compactionHeartbeatAt: null },
  });
}

export async function leaseActive(threadId: string): Promise<boolean> {
  const row = await db().thread.findUnique({ where: { id: threadId }, select: { compactionHolder: true, compactionHeartbeatAt: true } });
  return !!row && leaseLive(row.compactionHolder, row.compactionHeartbeatAt);
}
