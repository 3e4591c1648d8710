import "server-only";
import { jsonSchema, tool, type ToolSet } from "ai";
import type { McpToolAnnotations } from "@ai-sdk/mcp";
import { countTokens } from "@/lib/ai/tokens";
import { config } from "@/lib/config";
import { callMcpTool } from "./call";
import { listServer, type ListedServer, type McpTool } from "./connection";
import { mcpToolName } from "./names";
import { userServerCacheKey, userServerSpecs } from "./user-servers";

/** What the approval policy and the policy view know of an offered MCP tool. */
export type McpToolEntry = {
  /** The name the model sees, `<server>__<tool>`. */
  name: string;
  server: string;
  trusted: boolean;
  /** A server the person added (user-servers.ts), not one of MCP_SERVERS. */
  own: boolean;
  tool: string;
  title: string;
  annotations: McpToolAnnotations | undefined;
};

/**
/**
 * The tools of every server in MCP_SERVERS and of the person's own servers (user-servers.ts), named
 * `<server>__<tool>`, read once per turn (from the per-server cache). Every tool is offered; whether
 * a call runs, waits for a person or is refused is the toolApproval the turn builds from `entries`
 * and the thread's policy (policy.ts); a person's own servers are never trusted. A server that is
 * down adds nothing. No servers: an empty set and no work. `definitionTokens`: what their
 * definitions add to every request, counted like AGENT_TOOLS_TOKENS, so the run bound leaves room
 * for them.
 */
export async function mcpTools(userId: string): Promise<{ tools: ToolSet; entries: McpToolEntry[]; definitionTokens: number }> {
  const { MCP_SERVERS, MCP_CALL_TIMEOUT_MS, MCP_TOOLS_TTL_MS, MCP_RESULT_MAX_CHARS } = config();
  const listing = { ttlMs: MCP_TOOLS_TTL_MS, timeoutMs: MCP_CALL_TIMEOUT_MS };
  const own = await userServerSpecs(userId);
  if (Object.keys(MCP_SERVERS).length === 0 && own.length === 0) return { tools: {}, entries: [], definitionTokens: 0 };
  const listed = await Promise.all([
    ...Object.entries(MCP_SERVERS).map(([name, spec]) => listServer(name, spec, listing)),
    ...own.map((spec) => listServer(spec.name, spec, { ...listing, cacheKey: userServerCacheKey(userId, spec.name) })),
  ]);
  const limits = { timeoutMs: MCP_CALL_TIMEOUT_MS, maxChars: MCP_RESULT_MAX_CHARS };
  const tools: ToolSet = {};
  const entries: McpToolEntry[] = [];
  let definitionTokens = 0;
  const operatorServers = Object.keys(MCP_SERVERS).length;
  for (const [index, server] of listed.entries()) {
    if (!server) continue;
    for (const t of server.tools) {
      const name = mcpToolName(server.name, t.name);
      if (name in tools) {
        console.warn(`[mcp] server "${server.name}": tool "${t.name}" is left out, its name collides with another tool as ${name}`);
        continue;
      }
      const description = describe(server, t);
      definitionTokens += countTokens(JSON.stringify({ name, description, parameters: t.inputSchema }));
      tools[name] = tool({
        description,
        inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]),
        execute: (input, { abortSignal }) => callMcpTool(server, t.name, input, abortSignal, limits),
      });
      entries.push({
        name,
        server: server.name,
        trusted: server.trusted,
        own: index >= operatorServers,
        tool: t.name,
        title: t.title ?? t.name,
        annotations: t.annotations,
      });
    }
  }
  return { tools, entries, definitionTokens };
}

/** The server's description, said to be from that server (whether a call runs is the policy's). */
function describe(server: ListedServer, t: McpTool): string {
  const own = t.description?.trim() || t.title || t.name;
  return `[MCP server "${server.name}", tool "${t.name}"] ${own}`;
}
