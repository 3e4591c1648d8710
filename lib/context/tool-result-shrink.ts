import type { ModelMessage } from "ai";
import type { CountTokens } from "./tokens";

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

/**
 * Replaces every tool result over `maxTokens` with its head and tail and a pointer to `path`.
 * Results already shortened (or small) pass through unchanged, so applying it again at every step
 * of a turn keeps the request prefix identical, which the provider's cache needs.
 */
export function shrinkToolResults(
  messages: readonly ModelMessage[],
  maxTokens: number,
  count: CountTokens,
): { messages: ModelMessage[]; shrunk: ShrunkResult[] } {
  const shrunk: ShrunkResult[] = [];
  const out = messages.map((message): ModelMessage => {
    if (message.role !== "tool") return message;
    let changed = false;
    const content = message.content.map((part) => {
      if (part.type !== "tool-result") return part;
      const full = outputText(part.output);
      // Cheap bound first: a result under maxTokens characters is under maxTokens tokens.
      if (full.length <= maxTokens || full.includes(MARKER)) return part;
      const tokens = count(full);
      if (tokens <= maxTokens) return part;
      const path = toolOutputPath(part.toolCallId);
      shrunk.push({ toolCallId: part.toolCallId, toolName: part.toolName, path, fullText: full, tokens });
      changed = true;
      return { ...part, output: { type: "text" as const, value: shortened(full, tokens, maxTokens, path) } };
    });
    return changed ? { ...message, content } : message;
  });
  return { messages: out, shrunk };
}

/**
 * The per-result cap: the setting, else a quarter of the model's window (at most 20,000). When the
 * whole request is still over `limitTokens`, the cap halves (down to a floor) until the estimate fits.
 */
export function toolResultCap(opts: {
  setting?: number;
  contextWindow?: number;
  requestTokens: number;
  toolTokens: readonly number[];
  limitTokens?: number;
}): number {
  const FLOOR = 500;
  let cap = opts.setting ?? Math.min(20_000, opts.contextWindow ? Math.floor(opts.contextWindow / 4) : 20_000);
  if (!opts.limitTokens) return cap;
  const estimate = (c: number) => opts.requestTokens - opts.toolTokens.reduce((n, t) => n + Math.max(0, t - c), 0);
  while (cap > FLOOR && estimate(cap) > opts.limitTokens) cap = Math.max(FLOOR, Math.floor(cap / 2));
  return cap;
}
