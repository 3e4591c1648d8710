-- CreateIndex
CREATE INDEX "Message_threadId_pinnedAt_idx" ON "Message"("threadId", "pinnedAt");
