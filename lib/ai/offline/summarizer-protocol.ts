/*
 * The summarizer prompt's format (lib/ai/prompts.ts): the user message wraps the previous summary
 * and the conversation in tags, which any model reads as plain structure and the offline
 * summarizer parses back. Which instance summarizes is the registry's choice (OfflineRole), never
 * a marker in the prompt.
 */

export const SUMMARY_SECTIONS = ["Goal", "Decisions", "Files produced", "Done", "Open items", "Names and paths"] as const;
export type SummarySection = (typeof SUMMARY_SECTIONS)[number];

export type SummarizerInput = {
  previousSummary: string | null;
  messages: { role: string; text: string }[];
};

// Closing tags inside message text would end a block early; a backslash keeps them readable.
const escape = (text: string) => text.replace(/<\/(message|conversation|previous-summary)>/g, "<\\/$1>");

export function formatSummarizerInput({ previousSummary, messages }: SummarizerInput): string {
  const blocks: string[] = [];
  if (previousSummary !== null && previousSummary.trim() !== "") {
    blocks.push(`<previous-summary>\n${escape(previousSummary.trim())}\n</previous-summary>`);
  }
  const body = messages.map((m) => `<message role="${m.role.replace(/"/g, "")}">\n${escape(m.text)}\n</message>`);
  blocks.push(`<conversation>\n${body.join("\n")}\n</conversation>`);
  return blocks.join("\n\n");
}

/** Returns null when the text was not produced by formatSummarizerInput. */
export function parseSummarizerInput(text: string): SummarizerInput | null {
  const conversation = /<conversation>\n?([\s\S]*?)\n?<\/conversation>/.exec(text);
  if (!conversation) return null;
  const previous = /<previous-summary>\n?([\s\S]*?)\n?<\/previous-summary>/.exec(text);
  const messages: SummarizerInput["messages"] = [];
  for (const m of conversation[1].matchAll(/<message role="([^"]*)">\n?([\s\S]*?)\n?<\/message>/g)) {
    messages.push({ role: m[1], text: m[2] });
  }
  return { previousSummary: previous ? previous[1] : null, messages };
}

/** Splits "## Heading" markdown into sections; unknown headings are ignored. */
export function parseSummarySections(summary: string): Partial<Record<SummarySection, string[]>> {
  const out: Partial<Record<SummarySection, string[]>> = {};
  let current: SummarySection | null = null;
  for (const raw of summary.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(raw);
    if (heading) {
      current = (SUMMARY_SECTIONS as readonly string[]).includes(heading[1]) ? (heading[1] as SummarySection) : null;
      if (current) out[current] = out[current] ?? [];
      continue;
    }
    const line = raw.trim().replace(/^[-*]\s+/, "");
    if (current && line !== "" && line !== "(none)") out[current]!.push(line);
  }
  return out;
}
