-- CreateIndex
CREATE INDEX "Message_threadId_runStart_seq_idx" ON "Message"("threadId", "runStart", "seq");
