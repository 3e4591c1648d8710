/*
 * The offline model's general tool call (pure): a line `call <tool name> <JSON arguments>` calls
 * any offered tool by the name the model sees (an MCP tool's `<server>__<tool>` among them), so
 * every tool path can be driven without a real model. The arguments are one JSON object on the
 * same line, or nothing for `{}`.
 */
import type { Directive } from "./directives";

export type CallParse = { directive: Directive | null; problem: string | null };

// Tool names as providers accept them (lib/mcp/names.ts); the rest of the line is the arguments.
const CALL_LINE = /^call\s+([A-Za-z0-9_-]{1,64})(?:\s+(.+))?$/i;

/** `line` is trimmed; null when it is not a call directive. */
export function parseCallDirective(line: string): CallParse | null {
  const m = CALL_LINE.exec(line);
  if (!m) return null;
  const [, toolName, rawArgs] = m;
  // "call me later" is prose, not a call with broken arguments: arguments start with a brace.
  if (rawArgs !== undefined && !rawArgs.trimStart().startsWith("{")) return null;
  if (rawArgs === undefined) return { directive: { kind: "call", toolName, input: {} }, problem: null };
  let input: unknown;
  try {
    input = JSON.parse(rawArgs);
  } catch {
    return { directive: null, problem: `\`call ${toolName}\` ignored: its arguments are not valid JSON.` };
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { directive: null, problem: `\`call ${toolName}\` ignored: its arguments must be one JSON object.` };
  }
  return { directive: { kind: "call", toolName, input: input as Record<string, unknown> }, problem: null };
}
