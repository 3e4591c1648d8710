-- CreateTable
CREATE TABLE "ActionLedger" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "threadId" TEXT,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "leaseToken" TEXT,
    "leaseUntil" DATETIME,
    "sentAttempt" INTEGER NOT NULL DEFAULT 0,
    "sentAt" DATETIME,
    "providerKey" TEXT NOT NULL,
    "providerRef" TEXT,
    "resultId" TEXT,
    "result" TEXT,
    "errorCode" TEXT,
    "learnedBy" TEXT,
    "runId" TEXT,
    "stepId" TEXT,
    "eventSeq" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ActionEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ActionEvent_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "ActionLedger" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "messageId" TEXT NOT NULL,
    "transport" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "threadId" TEXT,
    "scope" TEXT NOT NULL,
    "actionKey" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "ActionLedger_status_leaseUntil_idx" ON "ActionLedger"("status", "leaseUntil");

-- CreateIndex
CREATE INDEX "ActionLedger_threadId_createdAt_idx" ON "ActionLedger"("threadId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ActionLedger_scope_key_key" ON "ActionLedger"("scope", "key");

-- CreateIndex
CREATE UNIQUE INDEX "ActionEvent_actionId_seq_key" ON "ActionEvent"("actionId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_messageId_key" ON "OutboxMessage"("messageId");

-- CreateIndex
CREATE INDEX "OutboxMessage_userId_createdAt_idx" ON "OutboxMessage"("userId", "createdAt");
