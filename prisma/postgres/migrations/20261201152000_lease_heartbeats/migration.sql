-- One lease scheme (lib/jobs/lease.ts): `<lease>Holder` and `<lease>HeartbeatAt`, the holder's
-- last heartbeat. The old columns held expiries, not heartbeats: they are cleared, so a lease held
-- across the upgrade reads as dead (its process restarted with the upgrade) and is settled.
DROP INDEX "Thread_turnUntil_idx";
ALTER TABLE "Thread" RENAME COLUMN "leaseHolder" TO "compactionHolder";
ALTER TABLE "Thread" RENAME COLUMN "leaseUntil" TO "compactionHeartbeatAt";
ALTER TABLE "Thread" RENAME COLUMN "turnMessageId" TO "turnHolder";
ALTER TABLE "Thread" RENAME COLUMN "turnUntil" TO "turnHeartbeatAt";
ALTER TABLE "Routine" RENAME COLUMN "activeRunId" TO "runHolder";
ALTER TABLE "Routine" RENAME COLUMN "activeRunUntil" TO "runHeartbeatAt";
UPDATE "Thread" SET "compactionHeartbeatAt" = NULL, "turnHeartbeatAt" = NULL;
UPDATE "Routine" SET "runHeartbeatAt" = NULL;
CREATE INDEX "Thread_turnHeartbeatAt_idx" ON "Thread"("turnHeartbeatAt");
CREATE INDEX "Routine_runHeartbeatAt_idx" ON "Routine"("runHeartbeatAt");
