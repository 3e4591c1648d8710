-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "errorCode" TEXT;

-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "turnMessageId" TEXT,
ADD COLUMN     "turnStopAt" TIMESTAMP(3),
ADD COLUMN     "turnUntil" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Compaction_status_idx" ON "Compaction"("status");

-- CreateIndex
CREATE INDEX "Thread_turnUntil_idx" ON "Thread"("turnUntil");
