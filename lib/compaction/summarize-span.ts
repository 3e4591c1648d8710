import { chunkByTokens, missingNames, type NameSighting } from "@/lib/context";
import type { callSummarizer } from "./summarize";
import { checkSummaryText } from "./verify";

export type SpanMessage = { role: string; text: string; tokens: number };

export type SpanSummary =
  | { ok: true; text: string; modelId: string; inputTokens: number; outputTokens: number; namesKept: number; namesRepaired: string[] }
  | { ok: false; reason: string; modelId: string | null; inputTokens: number; outputTokens: number };

// A repair request naming more than this many names would itself be a large prompt; beyond it the
// names section and the names file restore them without asking the model.
const REPAIR_MAX_NAMES = 40;

// Rough characters per token, only to clip one message that alone exceeds a chunk.
const CHARS_PER_TOKEN = 4;

/**
 * Folds the span into the previous summary, chunk by chunk so no call exceeds `chunkTokens`, then
 * asks once for the names it lost (when there are few). Whatever is still missing is restored by
 * the caller (fitSummary: a names section within budget, the rest in the names file).
 */
export async function summarizeSpan(opts: {
  threadId: string;
  previousText: string | null;
  span: SpanMessage[];
  /** Names of the span and the previous summary, newest sighting first. */
  required: readonly NameSighting[];
  chunkTokens: number;
  /** The summary's budget, told to the summarizer so it chooses what to drop (fitSummary enforces it). */
  maxTokens?: number;
  summarize: typeof callSummarizer;
  /** The name guard: which of `names` the text lost (run.ts passes one that runs off the event loop). */
  lostNames?: (names: string[], text: string) => Promise<string[]>;
}): Promise<SpanSummary> {
  const { threadId, previousText, span, chunkTokens, summarize } = opts;
  const required = opts.required.map((s) => s.name);
  const lostNames = opts.lostNames ?? (async (names: string[], text: string) => missingNames(names, text));
  let running = previousText;
  let modelId: string | null = null;
  const usage = { inputTokens: 0, outputTokens: 0 };
  for (const chunk of chunkByTokens(span, chunkTokens)) {
    const messages = chunk.map((m) => ({
      role: m.role,
      text: m.tokens > chunkTokens ? `${m.text.slice(0, chunkTokens * CHARS_PER_TOKEN)} […]` : m.text,
    }));
    const result = await summarize(threadId, running, messages, opts.maxTokens ? budgetInstruction(opts.maxTokens) : undefined);
    modelId = result.modelId;
    usage.inputTokens += result.inputTokens;
    usage.outputTokens += result.outputTokens;
    const check = checkSummaryText(result.text);
    if (!check.ok) return { ok: false, reason: check.reason, modelId, ...usage };
    running = result.text.trim();
  }
  let text = running ?? "";

  const lost = await lostNames(required, text);
  if (lost.length > 0 && lost.length <= REPAIR_MAX_NAMES) {
    const repair = await summarize(
      threadId,
      text,
      [],
      `The summary above lost these names and paths. Rewrite it, keeping every section, and copy each of them exactly:\n${lost.map((n) => `- ${n}`).join("\n")}`,
    );
    usage.inputTokens += repair.inputTokens;
    usage.outputTokens += repair.outputTokens;
    if (checkSummaryText(repair.text).ok && (await lostNames(required, repair.text)).length < lost.length) text = repair.text.trim();
  }
  return { ok: true, text, modelId: modelId ?? "unknown", ...usage, namesKept: required.length, namesRepaired: lost };
}

function budgetInstruction(maxTokens: number): string {
  return `Keep the whole summary under about ${maxTokens} tokens. Prefer the goal, decisions, open items and exact names of what is still in progress; shorten finished work first. Names that do not fit are kept for you in the workspace file context/names.md.`;
}
