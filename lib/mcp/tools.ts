import "server-only";
import { jsonSchema, tool, type ToolSet } from "ai";
import type { McpToolAnnotations } from "@ai-sdk/mcp";
import { countTokens } from "@/lib/ai/tokens";
import { config } from "@/lib/config";
import { listServer, relistServer, type ListedServer, type McpTool } from "./connection";
import { mcpToolName } from "./names";
import { toToolOutput, type McpToolOutput } from "./result";
import { userServerSpecs } from "./user-servers";

/** What the approval policy and the policy view know of an offered MCP tool. */
export type McpToolEntry = {
  /** The name the model sees, `<server>__<tool>`. */
  name: string;
  server: string;
  trusted: boolean;
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
    ...own.map((spec) => listServer(spec.name, spec, { ...listing, cacheKey: `user:${userId}:${spec.name}` })),
  ]);
  const limits = { timeoutMs: MCP_CALL_TIMEOUT_MS, maxChars: MCP_RESULT_MAX_CHARS };
  const tools: ToolSet = {};
  const entries: McpToolEntry[] = [];
  let definitionTokens = 0;
  for (const server of listed) {
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
        execute: (input, { abortSignal }) => callTool(server, t, input, abortSignal, limits),
      });
      entries.push({
        name,
        server: server.name,
        trusted: server.trusted,
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

async function callTool(
  server: ListedServer,
  t: McpTool,
  input: unknown,
  turnSignal: AbortSignal | undefined,
  limits: { timeoutMs: number; maxChars: number },
): Promise<McpToolOutput> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limits.timeoutMs);
  const signal = turnSignal ? AbortSignal.any([turnSignal, timer.signal]) : timer.signal;
  try {
    const args = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
    const result = await raceAbort(server.client.callTool({ name: t.name, arguments: args, options: { signal } }), signal);
    return toToolOutput(result, limits.maxChars);
  } catch (e) {
    if (timer.signal.aborted) {
      return {
        ok: false,
        error: "timeout",
        message: `No answer from server "${server.name}" within ${limits.timeoutMs} ms (MCP_CALL_TIMEOUT_MS); the call was abandoned and may still have run there.`,
      };
    }
    if (turnSignal?.aborted) throw e;
    // The answer did not parse or the connection broke: the next turn lists again (and reconnects if need be).
    relistServer(server.cacheKey);
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, error: "server_error", message: `Server "${server.name}" failed the call: ${detail.slice(0, 500)}` };
  } finally {
    clearTimeout(timeout);
  }
}

/** Settles at the abort even if the client does not: a hung server must not hold the turn. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
