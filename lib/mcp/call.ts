import "server-only";
import { relistServer, type ListedServer } from "./connection";
import { toToolOutput, type McpToolOutput } from "./result";

/**
 * One call to a listed server's tool, bounded by its own timer (a client that never settles cannot
 * hold the turn). Every outcome is a tool output: the tool's answer (result.ts), a timeout, or a
 * server that failed the call; only the turn's own abort throws. Shared by a turn's tools (tools.ts)
 * and the ledger's provider (call-provider.ts).
 */
export async function callMcpTool(
  server: ListedServer,
  toolName: string,
  input: unknown,
  turnSignal: AbortSignal | undefined,
  limits: { timeoutMs: number; maxChars: number },
): Promise<McpToolOutput> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limits.timeoutMs);
  const signal = turnSignal ? AbortSignal.any([turnSignal, timer.signal]) : timer.signal;
  try {
    const args = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
    const result = await raceAbort(server.client.callTool({ name: toolName, arguments: args, options: { signal } }), signal);
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
