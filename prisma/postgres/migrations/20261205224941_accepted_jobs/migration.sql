-- Signed background jobs are single-use: the route records each accepted job's nonce here
-- (lib/background/accepted-jobs.ts), and the primary key refuses a second insert of it.
CREATE TABLE "AcceptedJob" (
    "nonce" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AcceptedJob_pkey" PRIMARY KEY ("nonce")
);

CREATE INDEX "AcceptedJob_expiresAt_idx" ON "AcceptedJob"("expiresAt");
