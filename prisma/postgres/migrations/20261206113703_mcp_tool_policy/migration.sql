-- Additive only. The generated diff also dropped the hand-made search objects (trigram index,
-- FTS tables), which the schema file cannot describe: those lines are left out.

-- CreateTable
CREATE TABLE "McpToolPolicy" (
    "threadId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "McpToolPolicy_pkey" PRIMARY KEY ("threadId","tool")
);

-- AddForeignKey
ALTER TABLE "McpToolPolicy" ADD CONSTRAINT "McpToolPolicy_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;
