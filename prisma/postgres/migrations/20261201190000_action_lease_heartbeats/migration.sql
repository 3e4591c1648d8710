-- Actions join the one lease scheme (lib/jobs/lease.ts): `leaseHolder` (the fencing token) and
-- `leaseHeartbeatAt`, the holder's last heartbeat, renewed by its process's heartbeat timer. The
-- old column held an expiry, not a heartbeat: it is cleared, so a send held across the upgrade
-- reads as dead (its process restarted with the upgrade) and the sweeper reconciles it (replay,
-- lookup or a person, never a blind re-send).
DROP INDEX "ActionLedger_status_leaseUntil_idx";
ALTER TABLE "ActionLedger" RENAME COLUMN "leaseToken" TO "leaseHolder";
ALTER TABLE "ActionLedger" RENAME COLUMN "leaseUntil" TO "leaseHeartbeatAt";
UPDATE "ActionLedger" SET "leaseHeartbeatAt" = NULL;
CREATE INDEX "ActionLedger_status_leaseHeartbeatAt_idx" ON "ActionLedger"("status", "leaseHeartbeatAt");
