import { startHttpMcpServer, type HttpMcpServer } from "../../support/mcp-test-server";
import { startServers, type Servers } from "./app-server";

/**
 * Our own app servers (Playwright's have no MCP_SERVERS) with the offline model and a real MCP
 * server over streamable HTTP in the test's process, as the trusted server "web", counting calls.
 */
export async function startAppWithMcp(ports: number[], databaseUrl: string): Promise<{ mcp: HttpMcpServer; servers: Servers }> {
  const mcp = await startHttpMcpServer();
  const servers = await startServers({
    ports,
    databaseUrl,
    env: { CHAT_MODEL: "offline", OFFLINE_DELAY_MS: "1", MCP_SERVERS: JSON.stringify({ web: { url: mcp.url, trusted: true } }) },
  });
  return { mcp, servers };
}
