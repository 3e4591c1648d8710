-- MCP servers a person added for their own chats (issue 38 item 1, lib/mcp/user-servers.ts). The
-- secret is stored sealed (lib/mcp/secret-box.ts), and the rows go with their owner.
CREATE TABLE "UserMcpServer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secretHeader" TEXT,
    "sealedSecret" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "UserMcpServer_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "UserMcpServer_userId_name_key" ON "UserMcpServer"("userId", "name");
