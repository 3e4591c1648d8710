/*
 * How the offline model keeps routine/notes.md (pure): a "## Preferences" list of standing
 * preferences and a "## Open items" checklist. Merging only adds missing lines to those sections
 * and keeps everything else the person wrote.
 */

const STANDING = /(\bfrom now on\b|\balways\b|\bnever\b|\bskip\b|\bstop\b|\bdon['’]?t\b|\bdo not\b)/i;
const PLACEHOLDER = /^\s*[-*]\s+\((none|none yet)\)\s*$/i;
const MAX_LINE_CHARS = 200;

const NOTES_TEMPLATE = `# Routine notes

Kept between runs: the person's standing preferences, and open items for the next run.

## Preferences
- (none yet)

## Open items
- (none)
`;

export function isStandingPreference(text: string): boolean {
  return STANDING.test(text);
}

/** The sentences of a message that state a standing preference, flattened to one line. */
export function preferenceSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentences = flat.split(/(?<=[.!?])\s+/).filter(isStandingPreference);
  return (sentences.length ? sentences : [flat]).map(oneLine);
}

export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_LINE_CHARS ? `${flat.slice(0, MAX_LINE_CHARS - 1)}…` : flat;
}

/** What a run applies from its notes: plain bullets are preferences, "- [ ]" lines open items. */
export function readNotesLists(notes: string | null): { preferences: string[]; openItems: string[] } {
  const preferences: string[] = [];
  const openItems: string[] = [];
  for (const line of (notes ?? "").split("\n")) {
    if (PLACEHOLDER.test(line)) continue;
    const open = /^\s*[-*]\s+\[ \]\s+(.+)$/.exec(line);
    if (open) {
      openItems.push(open[1]!.trim());
      continue;
    }
    const bullet = /^\s*[-*]\s+(?!\[[xX]\])(.+)$/.exec(line);
    if (bullet) preferences.push(bullet[1]!.trim());
  }
  return { preferences, openItems };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Adds each missing preference and open item to its section (created when missing). */
export function mergeNotes(base: string | null, add: { preferences: string[]; openItems: string[] }): string {
  let text = base ?? NOTES_TEMPLATE;
  const present = (item: string) => norm(text).includes(norm(item));
  for (const p of add.preferences) if (!present(p)) text = addToSection(text, "Preferences", `- ${p}`);
  for (const o of add.openItems) if (!present(o)) text = addToSection(text, "Open items", `- [ ] ${o}`);
  return text;
}

function addToSection(text: string, heading: string, line: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim().toLowerCase() === `## ${heading.toLowerCase()}`);
  if (start < 0) return `${text.replace(/\s*$/, "")}\n\n## ${heading}\n${line}\n`;
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith("#")) end++;
  const body = lines.slice(start + 1, end).filter((l) => !PLACEHOLDER.test(l));
  while (body.length && body[body.length - 1]!.trim() === "") body.pop();
  const rest = lines.slice(end);
  return [...lines.slice(0, start + 1), ...body, line, ...(rest.length ? ["", ...rest] : [""])].join("\n");
}
