import "server-only";
import { ProviderError, type ActionProvider } from "@/lib/actions/types";
import { config } from "@/lib/config";
import { callMcpTool } from "./call";
import { listServer, type ListedServer } from "./connection";
import { userServerCacheKey, userServerSpecs } from "./user-servers";

/*
 * The action ledger's provider for MCP calls (lib/actions performs, journals and reconciles; this
 * only makes the call). The frozen request names the server and tool, so the sweeper and a
 * person's "send again" reach the same tool after a restart. What the ledger may assume:
 * - an answer (the tool's result or its own error) is a known outcome;
 * - a timeout or a connection that broke after the request went out is `unknown`: the call may
 *   have run there;
 * - a server that cannot be reached before anything is sent is retryable.
 * A trusted server's idempotent tool may run again with no second effect, which the ledger knows
 * as a provider that recognises its key forever (the sweeper replays instead of asking a person).
 */

export const MCP_PROVIDER = "mcp";
export const MCP_REPLAYABLE_PROVIDER = "mcp-idempotent";

/** ActionLedger.request of an MCP call. `own`: a server the person added (user-servers.ts). */
export type McpCallRequest = { server: string; own: boolean; tool: string; name: string; arguments: Record<string, unknown> };

export function mcpCallProvider(replayable: boolean): ActionProvider {
  return {
    name: replayable ? MCP_REPLAYABLE_PROVIDER : MCP_PROVIDER,
    dedupPeriodMs: replayable ? Infinity : null,
    referenceFor: () => null,
    async execute(request, call) {
      const r = request as McpCallRequest;
      const server = await serverFor(r, call.userId);
      if (!server) {
        throw new ProviderError("retryable", "server_unavailable", `MCP server "${r.server}" could not be reached; the call was not sent.`);
      }
      const { MCP_CALL_TIMEOUT_MS, MCP_RESULT_MAX_CHARS } = config();
      const output = await callMcpTool(server, r.tool, r.arguments, undefined, {
        timeoutMs: MCP_CALL_TIMEOUT_MS,
        maxChars: MCP_RESULT_MAX_CHARS,
      });
      if (!output.ok && (output.error === "timeout" || output.error === "server_error"))
        throw new ProviderError("unknown", output.error, output.message);
      return { resultId: r.name, result: { output } };
    },
  };
}

/** The ledger's provider names that are MCP's, for the sweeper's and a person's lookup. */
export function mcpProviderByName(name: string): ActionProvider | null {
  if (name === MCP_PROVIDER) return mcpCallProvider(false);
  if (name === MCP_REPLAYABLE_PROVIDER) return mcpCallProvider(true);
  return null;
}

async function serverFor(r: McpCallRequest, userId: string): Promise<ListedServer | null> {
  const { MCP_SERVERS, MCP_CALL_TIMEOUT_MS, MCP_TOOLS_TTL_MS } = config();
  const listing = { ttlMs: MCP_TOOLS_TTL_MS, timeoutMs: MCP_CALL_TIMEOUT_MS };
  if (!r.own) {
    const spec = MCP_SERVERS[r.server];
    return spec ? listServer(r.server, spec, listing) : null;
  }
  const spec = (await userServerSpecs(userId)).find((s) => s.name === r.server);
  return spec ? listServer(spec.name, spec, { ...listing, cacheKey: userServerCacheKey(userId, spec.name) }) : null;
}
