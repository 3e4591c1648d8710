-- AlterTable
ALTER TABLE "Message" ADD COLUMN "errorCode" TEXT;

-- AlterTable
ALTER TABLE "Thread" ADD COLUMN "turnMessageId" TEXT;
ALTER TABLE "Thread" ADD COLUMN "turnStopAt" DATETIME;
ALTER TABLE "Thread" ADD COLUMN "turnUntil" DATETIME;

-- CreateIndex
CREATE INDEX "Compaction_status_idx" ON "Compaction"("status");

-- CreateIndex
CREATE INDEX "Thread_turnUntil_idx" ON "Thread"("turnUntil");
