-- CreateTable
CREATE TABLE "ThreadEvent" (
    "id" SERIAL NOT NULL,
    "threadId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThreadEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ThreadEvent_threadId_id_idx" ON "ThreadEvent"("threadId", "id");

-- CreateIndex
CREATE INDEX "ThreadEvent_createdAt_idx" ON "ThreadEvent"("createdAt");

-- CreateIndex
CREATE INDEX "Thread_workspaceId_idx" ON "Thread"("workspaceId");
