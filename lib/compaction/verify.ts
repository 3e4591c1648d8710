import { extractNames } from "@/lib/context";

export type SummaryCheck = { ok: true } | { ok: false; reason: string };

// Summaries that are really an error or a refusal must never replace a good one. Only the opening
// is judged, and provider-error wording only when the text has none of the summary's headings:
// a conversation about adding a rate limit is not an error.
const ERROR_OPENING = /^\s*(?:error\b|exception\b|traceback\b|\{\s*"error"|i'?m sorry\b|i cannot\b|i can't\b|as an ai\b)/i;
const PROVIDER_ERROR = /context[_ ]length[_ ]exceeded|\b(rate limit|internal server error|service unavailable)\b/i;
const HEADING = /^#{1,6}\s+\S/m;

export function checkSummaryText(text: string): SummaryCheck {
  if (!text.trim()) return { ok: false, reason: "summary is empty" };
  if (text.trim().length < 20) return { ok: false, reason: "summary is too short to be useful" };
  if (ERROR_OPENING.test(text)) return { ok: false, reason: "summary reads as an error or a refusal" };
  if (!HEADING.test(text) && PROVIDER_ERROR.test(text.slice(0, 400))) return { ok: false, reason: "summary reads as a provider error" };
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
