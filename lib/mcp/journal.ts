import crypto from "node:crypto";
import type { McpToolAnnotations } from "@ai-sdk/mcp";

/*
 * Which MCP calls go through the action ledger, and what makes a call recognisable (pure). A call
 * that may change something is journaled with an idempotency key before the request leaves, like
 * an email: a trusted server's read-only tool is the one kind that is not (it changes nothing, so
 * repeating it is harmless and journaling it would only fill the actions view). A call whose
 * outcome is unknown (a crash, a timeout) is replayed by the sweeper only when a trusted server
 * says the tool is idempotent; otherwise a person decides.
 */

export type JournalFacts = { trusted: boolean; annotations: McpToolAnnotations | undefined };

export function journaled(t: JournalFacts): boolean {
  return !(t.trusted && t.annotations?.readOnlyHint === true);
}

export function replayable(t: JournalFacts): boolean {
  return t.trusted && t.annotations?.idempotentHint === true;
}

/**
 * The call's intent in its key: the tool and its arguments (canonical JSON, hashed). With the
 * answered message or the routine run in front (lib/actions/keys.ts), regenerating a reply that
 * made the same call finds the first one instead of calling again.
 */
export function mcpCallIntent(toolName: string, args: unknown): string {
  const digest = crypto.createHash("sha256").update(canonicalJson(args)).digest("hex").slice(0, 24);
  return `mcp:${toolName}:${digest}`;
}

/** JSON with object keys sorted, so {a, b} and {b, a} are one call. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
