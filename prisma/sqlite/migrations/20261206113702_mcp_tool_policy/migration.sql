-- Additive only. The generated diff also dropped the hand-made search objects (trigram index,
-- FTS tables), which the schema file cannot describe: those lines are left out.

-- CreateTable
CREATE TABLE "McpToolPolicy" (
    "threadId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("threadId", "tool"),
    CONSTRAINT "McpToolPolicy_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
