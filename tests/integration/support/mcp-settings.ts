import { resetConfigForTests } from "@/tests/support/config";

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
