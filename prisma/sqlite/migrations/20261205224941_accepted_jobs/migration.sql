-- Signed background jobs are single-use: the route records each accepted job's nonce here
-- (lib/background/accepted-jobs.ts), and the primary key refuses a second insert of it.
CREATE TABLE "AcceptedJob" (
    "nonce" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL
);

CREATE INDEX "AcceptedJob_expiresAt_idx" ON "AcceptedJob"("expiresAt");
