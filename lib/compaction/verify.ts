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
