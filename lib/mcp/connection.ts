import "server-only";
import { createMCPClient, type ListToolsResult, type MCPClient } from "@ai-sdk/mcp";
import { StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import type { McpServerSpec } from "@/lib/config-schema";
import { config } from "@/lib/config";
import { guardedFetch } from "@/lib/net/guarded-fetch";

/*
 * One MCP client per configured server, kept for the process (a stdio server is a child process,
 * an HTTP one a session; reconnecting on every turn would cost both), and the server's tool list
 * cached for MCP_TOOLS_TTL_MS. The AI SDK client hands every server notification to its error
 * hook as an "unsupported message" without saying which, so any notification (list_changed among
 * them) marks the list stale: the next turn lists again. A server that cannot be reached or
 * listed is logged and has no tools until the lifetime ends (so a dead host does not slow every
 * turn by its timeout); it never fails the turn.
 */

export type McpTool = ListToolsResult["tools"][number];

export type ListedServer = { name: string; cacheKey: string; trusted: boolean; client: MCPClient; tools: McpTool[] };

/** An operator's server, or a person's (`guarded`: its address is checked at every connection, lib/net). */
export type ConnectSpec = McpServerSpec & { guarded?: boolean };

type Entry = {
  /** The spec this entry was made for: a changed MCP_SERVERS value starts a new client. */
  key: string;
  client: Promise<MCPClient> | null;
  listed: { at: number; server: ListedServer | null } | null;
  listing: Promise<ListedServer | null> | null;
};

// Process state on globalThis so that a reloaded module (dev server) shares the clients it started.
const servers: Map<string, Entry> = ((globalThis as { __longrunMcpServers?: Map<string, Entry> }).__longrunMcpServers ??= new Map());

// A server that pages its tool list forever must not hold a turn: this many pages at most.
const MAX_LIST_PAGES = 20;

/** `cacheKey`: where the client is kept; a person's servers share names with other people's. */
export async function listServer(
  name: string,
  spec: ConnectSpec,
  opts: { ttlMs: number; timeoutMs: number; now?: number; cacheKey?: string },
): Promise<ListedServer | null> {
  const key = JSON.stringify(spec);
  const cacheKey = opts.cacheKey ?? name;
  let entry = servers.get(cacheKey);
  if (!entry || entry.key !== key) {
    if (entry) dropClient(entry);
    entry = { key, client: null, listed: null, listing: null };
    servers.set(cacheKey, entry);
  }
  const now = opts.now ?? Date.now();
  if (entry.listed && now - entry.listed.at < opts.ttlMs) return entry.listed.server;
  const current = entry;
  // Turns starting together share one listing.
  current.listing ??= readTools(name, cacheKey, spec, current, opts.timeoutMs).finally(() => {
    current.listing = null;
  });
  return current.listing;
}

/**
 * A call to the server failed in a way that may mean the connection is gone: the next turn lists
 * its tools again (which reconnects if the client is broken). The client is not closed here, since
 * other turns may be mid-call on it.
 */
export function relistServer(cacheKey: string): void {
  const entry = servers.get(cacheKey);
  if (entry) entry.listed = null;
}

async function readTools(name: string, cacheKey: string, spec: ConnectSpec, entry: Entry, timeoutMs: number): Promise<ListedServer | null> {
  // A kept client may have lost its connection (a restarted server, an expired session): one more
  // try on a fresh one before the server counts as down.
  const hadClient = entry.client !== null;
  for (let attempt = hadClient ? 0 : 1; attempt < 2; attempt++) {
    try {
      const client = await (entry.client ??= connect(name, spec, timeoutMs, () => (entry.listed = null)));
      const server = { name, cacheKey, trusted: spec.trusted, client, tools: await listAll(client, timeoutMs) };
      entry.listed = { at: Date.now(), server };
      return server;
    } catch (e) {
      dropClient(entry);
      if (attempt === 1) console.warn(`[mcp] server "${name}" offers no tools for now: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  entry.listed = { at: Date.now(), server: null };
  return null;
}

async function listAll(client: MCPClient, timeoutMs: number): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const result = await client.listTools({ params: cursor ? { cursor } : undefined, options: { timeout: timeoutMs } });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

function connect(name: string, spec: ConnectSpec, timeoutMs: number, onNotification: () => void): Promise<MCPClient> {
  const allowPrivate = config().MCP_ALLOW_PRIVATE_ADDRESSES === "on";
  const transport =
    "url" in spec
      ? {
          type: "http" as const,
          url: spec.url,
          headers: spec.headers,
          // Redirects refused: the URL given is the one that gets the headers (issue 38's address rule).
          redirect: "error" as const,
          ...(spec.guarded ? { fetch: guardedFetch({ allowPrivate }) } : {}),
        }
      : new StdioMCPTransport({ command: spec.command, args: spec.args, env: spec.env });
  // While connecting, the client probes the newest protocol version and falls back when an older
  // server refuses it, reporting the refusal here: not worth a log line. After that, a server
  // notification arrives here as an unsupported message (see the top of this file).
  let state: "connecting" | "connected" | "warned" = "connecting";
  const client = createMCPClient({
    transport,
    clientName: "longrun-chat",
    initializationOptions: { timeout: timeoutMs },
    onUncaughtError: (e) => {
      if (state === "connecting") return;
      if (e instanceof Error && e.message === "Unsupported message type") return onNotification();
      if (state !== "connected") return;
      state = "warned";
      console.warn(`[mcp] server "${name}": ${e instanceof Error ? e.message : String(e)}`);
    },
  });
  return client.then((c) => {
    state = "connected";
    return c;
  });
}

function dropClient(entry: Entry): void {
  const client = entry.client;
  entry.client = null;
  client?.then((c) => c.close()).catch(() => undefined);
}
