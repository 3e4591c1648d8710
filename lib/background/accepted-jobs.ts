import "server-only";
import { db } from "@/lib/db/client";
import { JOB_VALIDITY_S, type VerifiedJob } from "./job-signature";

/*
 * A signed job is accepted once. The route that takes it records its nonce with one
 * INSERT … ON CONFLICT DO NOTHING on the primary key: of two instances handed the same request at
 * the same moment, exactly one inserts the row, and the other (and any later replay) is refused.
 * Never a read then a write, which two instances can both pass.
 *
 * A nonce is needed only while its signature could still pass the freshness check; it is kept
 * for PRUNE_MARGIN_MS past that, because another instance's clock may run behind this one's, and
 * pruned by whichever accept comes next (jobs are rare, so the table stays a handful of rows).
 */
const PRUNE_MARGIN_MS = 10 * 60_000;

/** True when this call recorded the job's nonce (it is the job's one acceptance); false for a replay. */
export async function acceptJobOnce(job: VerifiedJob, now = new Date()): Promise<boolean> {
  const expiresAt = new Date((job.timestamp + JOB_VALIDITY_S) * 1000);
  const inserted = await db().$executeRaw`
    INSERT INTO "AcceptedJob" ("nonce", "expiresAt") VALUES (${job.nonce}, ${expiresAt})
    ON CONFLICT ("nonce") DO NOTHING`;
  if (inserted === 1) await db().acceptedJob.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - PRUNE_MARGIN_MS) } } });
  return inserted === 1;
}
