import { extractNames, missingNames } from "@/lib/context";

export type SummaryCheck = { ok: true } | { ok: false; reason: string };

// Summaries that are really an error or a refusal must never replace a good one.
const ERROR_LIKE = [
  /^\s*(error|exception|traceback)\b/i,
  /context[_ ]length[_ ]exceeded/i,
  /\b(rate limit|internal server error|service unavailable)\b/i,
  /^\s*(i'?m sorry|i cannot|i can't|as an ai)\b/i,
];

export function checkSummaryText(text: string): SummaryCheck {
  if (!text.trim()) return { ok: false, reason: "summary is empty" };
  if (text.trim().length < 20) return { ok: false, reason: "summary is too short to be useful" };
  for (const pattern of ERROR_LIKE) {
    if (pattern.test(text.slice(0, 400))) return { ok: false, reason: `summary reads as an error (${pattern.source})` };
  }
  return { ok: true };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The names the new summary must keep: those of the summarized span and of the previous summary.
 * Compaction shares the process with replies, so long spans are scanned in slices.
 */
export async function requiredNames(spanTexts: string[], previousSummary: string | null): Promise<string[]> {
  const names = new Set<string>();
  const texts = [...(previousSummary ? [previousSummary] : []), ...spanTexts];
  for (let i = 0; i < texts.length; i++) {
    for (const name of extractNames(texts[i])) names.add(name);
    if (i % 50 === 49) await yieldToEventLoop();
  }
  return [...names];
}

export function lostNames(required: string[], summary: string): string[] {
  return missingNames(required, summary);
}
