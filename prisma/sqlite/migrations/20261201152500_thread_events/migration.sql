-- CreateTable
CREATE TABLE "ThreadEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "threadId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "ThreadEvent_threadId_id_idx" ON "ThreadEvent"("threadId", "id");

-- CreateIndex
CREATE INDEX "ThreadEvent_createdAt_idx" ON "ThreadEvent"("createdAt");

-- CreateIndex
CREATE INDEX "Thread_workspaceId_idx" ON "Thread"("workspaceId");
