import { db } from "@/lib/db/client";

/**
 * One compaction per thread: a single compare-and-set UPDATE takes the lease when it is free or
 * expired. Two app instances racing both run the same statement; the database lets one match.
 */
export async function tryAcquireLease(threadId: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = new Date();
  const { count } = await db().thread.updateMany({
    where: { id: threadId, OR: [{ leaseHolder: null }, { leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseHolder: holder, leaseUntil: new Date(now.getTime() + ttlMs) },
  });
  return count === 1;
}

/** Extends our own lease while the job runs; false once it was taken over (we then must not save). */
export async function renewLease(threadId: string, holder: string, ttlMs: number): Promise<boolean> {
  const { count } = await db().thread.updateMany({
    where: { id: threadId, leaseHolder: holder },
    data: { leaseUntil: new Date(Date.now() + ttlMs) },
  });
  return count === 1;
}

/** Releases only our own lease: a holder whose lease expired and was taken over changes nothing. */
export async function releaseLease(threadId: string, holder: string): Promise<void> {
  await db().thread.updateMany({ where: { id: threadId, leaseHolder: holder }, data: { leaseHolder: null, leaseUntil: null } });
}

export async function leaseActive(threadId: string): Promise<boolean> {
  const row = await db().thread.findUnique({ where: { id: threadId }, select: { leaseHolder: true, leaseUntil: true } });
  return !!row?.leaseHolder && !!row.leaseUntil && row.leaseUntil > new Date();
}
