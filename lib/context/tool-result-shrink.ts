import type { ModelMessage } from "ai";
import type { CountTokens } from "./tokens";
import type { StoredPart } from "./types";

/*
 * One huge tool result (a 200 KB file, a long listing) can make a single turn larger than the
 * model's window, and no compaction helps: the cut never moves past the turn being answered. So the
 * model input keeps the head and the tail of an oversized result and points at the full output,
 * which the caller saves as a workspace file the agent can read in line ranges.
 */

export const TOOL_OUTPUT_DIR = "context/tool-outputs";

export type ShrunkResult = { toolCallId: string; toolName: string; path: string; fullText: string; tokens: number };

type ToolResultPart = Extract<Extract<ModelMessage, { role: "tool" }>["content"][number], { type: "tool-result" }>;

const HEAD_SHARE = 0.65;
const TAIL_SHARE = 0.35;
// Room for the pointer sentence, in tokens.
const POINTER_TOKENS = 100;
const MARKER = "left out of this tool result to fit the context window";

export function toolOutputPath(toolCallId: string): string {
  // Provider ids can contain characters a path must not.
  return `${TOOL_OUTPUT_DIR}/${toolCallId.replace(/[^\w.-]/g, "_").slice(0, 120)}.txt`;
}

/** The output as a person would read it: long strings unescaped so line ranges make sense. */
export function outputText(output: ToolResultPart["output"]): string {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value;
    case "json":
    case "error-json":
      return readableJson(output.value);
    default:
      return JSON.stringify(output);
  }
}

function readableJson(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return JSON.stringify(value, null, 2);
  const lines: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === "string" && (item.includes("\n") || item.length > 200)) lines.push(`## ${key}`, item);
    else lines.push(`${key}: ${JSON.stringify(item)}`);
  }
  return lines.join("\n");
}

function shortened(full: string, tokens: number, maxTokens: number, path: string): string {
  const ratio = full.length / Math.max(1, tokens);
  const room = Math.max(0, maxTokens - POINTER_TOKENS) * 0.9;
  const head = full.slice(0, Math.floor(room * HEAD_SHARE * ratio));
  const tail = full.slice(full.length - Math.floor(room * TAIL_SHARE * ratio));
  const omitted = full.length - head.length - tail.length;
  return `${head}\n\n[… ${omitted} characters (about ${Math.round(omitted / ratio)} tokens) ${MARKER}. The full output is saved in the workspace file ${path}: read it with read_file, in line ranges (startLine/endLine) if it is long.]\n\n${tail}`;
}

export type ToolResultBound = {
  /** The per-result cap in tokens (`toolResultBaseCap`). */
  capTokens: number;
  /** The whole request's limit (most of the window); unknown windows have none. */
  limitTokens?: number;
  /** What precedes the messages in the request (the system prompt), in estimated tokens. */
  prefixTokens?: number;
};

// Estimates only decide how hard to shorten; a cheap, stable measure is what matters.
const CHARS_PER_TOKEN = 4;
const CAP_FLOOR = 500;
const estimate = (chars: number) => Math.ceil(chars / CHARS_PER_TOKEN);

/**
 * Replaces every tool result over its cap with its head and tail and a pointer to `path`.
 *
 * A result's cap is decided from the request before it, never after it: the base cap, halved
 * (down to a floor) while the request up to and including this result would be over
 * `limitTokens`. Between compactions every request is the previous one plus new messages, so the
 * part before a result never changes and neither does its shortened form: the prefix stays
 * byte-identical, which the provider's cache needs, while one turn's many results still fit the
 * context window (each later one is squeezed harder). Results already shortened pass through unchanged, so
 * applying it again at every step of a turn gives the same messages.
 */
export function shrinkToolResults(
  messages: readonly ModelMessage[],
  bound: ToolResultBound,
  count: CountTokens,
): { messages: ModelMessage[]; shrunk: ShrunkResult[] } {
  const shrunk: ShrunkResult[] = [];
  let before = bound.prefixTokens ?? 0;
  const out = messages.map((message): ModelMessage => {
    if (message.role !== "tool") {
      before += estimate(JSON.stringify(message).length);
      return message;
    }
    let changed = false;
    const content = message.content.map((part) => {
      if (part.type !== "tool-result") return part;
      const full = outputText(part.output);
      const shaped = shapeResult(part, full, bound, before, count);
      before += estimate(JSON.stringify(shaped.part).length);
      if (shaped.tokens === 0) return part;
      shrunk.push({ toolCallId: part.toolCallId, toolName: part.toolName, path: shaped.path, fullText: full, tokens: shaped.tokens });
      changed = true;
      return shaped.part;
    });
    return changed ? { ...message, content } : message;
  });
  return { messages: out, shrunk };
}

/** The result as sent: itself, or shortened to the first cap (halving) that keeps the request under the limit. */
function shapeResult(part: ToolResultPart, full: string, bound: ToolResultBound, before: number, count: CountTokens) {
  const path = toolOutputPath(part.toolCallId);
  let cap = bound.capTokens;
  const over = (chars: number) => bound.limitTokens !== undefined && cap > CAP_FLOOR && before + estimate(chars) > bound.limitTokens;
  // Cheap bound first: a result under cap characters is under cap tokens.
  const fits = full.length <= cap || full.includes(MARKER);
  if (fits && !over(JSON.stringify(part).length)) return { part, tokens: 0, path };
  const tokens = count(full);
  if (tokens <= cap && !over(JSON.stringify(part).length)) return { part, tokens: 0, path };
  for (;;) {
    const short: ToolResultPart = { ...part, output: { type: "text", value: shortened(full, tokens, Math.min(cap, tokens), path) } };
    if (!over(JSON.stringify(short).length)) return { part: short, tokens, path };
    cap = Math.max(CAP_FLOOR, Math.floor(cap / 2));
  }
}

/** The per-result cap: the setting, else a quarter of the model's window (at most 20,000). */
export function toolResultBaseCap(opts: { setting?: number; contextWindow?: number }): number {
  return opts.setting ?? Math.min(20_000, opts.contextWindow ? Math.floor(opts.contextWindow / 4) : 20_000);
}

/**
 * A stored message's tokens as a request carries it: a tool output over `capTokens` is shortened
 * to about the cap (shrinkToolResults), so it counts as the cap. An upper bound (near the limit
 * the shrink halves caps further); exact for a message with no output over the cap, and cheap
 * there: the outputs are counted only when the message itself is over the cap.
 */
export function sentMessageTokens(
  message: { tokens: number; parts: readonly StoredPart[] },
  capTokens: number,
  count: CountTokens,
): number {
  if (message.tokens <= capTokens) return message.tokens;
  let excess = 0;
  for (const part of message.parts) {
    if (part.output === undefined) continue;
    const text = typeof part.output === "string" ? part.output : JSON.stringify(part.output);
    // The shrink's own cheap bound: a text under cap characters is under cap tokens.
    if (text === undefined || text.length <= capTokens) continue;
    excess += Math.max(0, count(text) - capTokens);
  }
  return Math.max(0, message.tokens - excess);
}
