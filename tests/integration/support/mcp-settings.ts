import { afterAll, beforeAll } from "vitest";
import { provision, type Provisioned, type TestDatabase } from "./databases";
import { resetConfigForTests } from "@/tests/support/config";
import { startHttpMcpServer, type HttpMcpServer } from "@/tests/support/mcp-test-server";

/**
 * Points MCP_SERVERS at the test's servers. The call timeout is generous: a stdio server starts
 * under tsx on a busy machine, so the first listing may take a while.
 */
export function useMcpServers(servers: Record<string, unknown>): void {
  process.env.MCP_SERVERS = JSON.stringify(servers);
  process.env.MCP_CALL_TIMEOUT_MS = "20000";
  resetConfigForTests();
}

export function clearMcpServers(): void {
  delete process.env.MCP_SERVERS;
  delete process.env.MCP_CALL_TIMEOUT_MS;
  resetConfigForTests();
}

export type McpTestBed = { env: Provisioned; userId: string; web: HttpMcpServer };

/**
 * A describe block's database (one user) and the test MCP server, named twice: "web" (trusted) and
 * "webx" (the same server untrusted, so its read-only claims are not believed). Filled in beforeAll.
 */
export function mcpTestBed(target: TestDatabase): McpTestBed {
  const bed = {} as McpTestBed;
  beforeAll(async () => {
    bed.env = await provision(target);
    bed.userId = (await bed.env.db.user.create({ data: {} })).id;
    bed.web = await startHttpMcpServer();
    useMcpServers({ web: { url: bed.web.url, trusted: true }, webx: { url: bed.web.url } });
  });
  afterAll(async () => {
    clearMcpServers();
    await bed.web?.close();
    await bed.env?.drop();
  });
  return bed;
}
