import { chunkByTokens, missingNames, namesSection } from "@/lib/context";
import type { callSummarizer } from "./summarize";
import { checkSummaryText, requiredNames } from "./verify";

export type SpanMessage = { role: string; text: string; tokens: number };

export type SpanSummary =
  | { ok: true; text: string; modelId: string; inputTokens: number; outputTokens: number; namesKept: number; namesRepaired: string[] }
  | { ok: false; reason: string; modelId: string | null; inputTokens: number; outputTokens: number };

// Rough characters per token, only to clip one message that alone exceeds a chunk.
const CHARS_PER_TOKEN = 4;

/**
 * Folds the span into the previous summary, chunk by chunk so no call exceeds `chunkTokens`, then
 * makes sure no name or path of the span or the previous summary is lost: one repair request,
 * then a verbatim "Names and paths" section for whatever is still missing.
 */
export async function summarizeSpan(opts: {
  threadId: string;
  previousText: string | null;
  span: SpanMessage[];
  chunkTokens: number;
  summarize: typeof callSummarizer;
}): Promise<SpanSummary> {
  const { threadId, previousText, span, chunkTokens, summarize } = opts;
  let running = previousText;
  let modelId: string | null = null;
  const usage = { inputTokens: 0, outputTokens: 0 };
  for (const chunk of chunkByTokens(span, chunkTokens)) {
    const messages = chunk.map((m) => ({ role: m.role, text: m.tokens > chunkTokens ? `${m.text.slice(0, chunkTokens * CHARS_PER_TOKEN)} […]` : m.text }));
    const result = await summarize(threadId, running, messages);
    modelId = result.modelId;
    usage.inputTokens += result.inputTokens;
    usage.outputTokens += result.outputTokens;
    const check = checkSummaryText(result.text);
    if (!check.ok) return { ok: false, reason: check.reason, modelId, ...usage };
    running = result.text.trim();
  }
  let text = running ?? "";

  const required = await requiredNames(span.map((m) => m.text), previousText);
  const lost = missingNames(required, text);
  if (lost.length) {
    const repair = await summarize(threadId, text, [],
      `The summary above lost these names and paths. Rewrite it, keeping every section, and copy each of them exactly:\n${lost.map((n) => `- ${n}`).join("\n")}`);
    usage.inputTokens += repair.inputTokens;
    usage.outputTokens += repair.outputTokens;
    if (checkSummaryText(repair.text).ok && missingNames(required, repair.text).length < lost.length) text = repair.text.trim();
    const stillLost = missingNames(required, text);
    if (stillLost.length) text = `${text}\n\n${namesSection(stillLost)}`;
  }
  return { ok: true, text, modelId: modelId ?? "unknown", ...usage, namesKept: required.length, namesRepaired: lost };
}
