import { latestSightings, type NameSighting } from "./message-names";
import { inlineCode } from "./names";

/**
 * The workspace file the runtime keeps for names that did not fit in the summary. The summary has
 * a budget; this file does not, so after any compaction every name of the summarized span is in
 * the summary or here, and the agent can open it with read_file.
 */
export const NAMES_FILE_PATH = "context/names.md";

export const NAMES_FILE_NOTICE = `More names and paths from earlier in this conversation (the ones that did not fit here) are listed in the workspace file \`${NAMES_FILE_PATH}\`, newest first, with where each was last seen. Open it with read_file when you need one.`;

const HEADER = [
  "# Names from earlier in this conversation",
  "",
  "Kept by the app at each compaction: names (paths, URLs, identifiers) of summarized messages that did not fit in the summary, newest first, with where each was last seen.",
  "",
];

const ENTRY = /^- (`+) ?(\S(?:.*?\S)?) ?\1 — (.+)$/;
const SEQ_IN_WHERE = /\bmessage (\d+)\b/;

export function renderNamesFile(entries: readonly NameSighting[]): string {
  const sorted = latestSightings(entries);
  return [...HEADER, ...sorted.map((e) => `- ${inlineCode(e.name)} — ${e.where}`)].join("\n") + "\n";
}

/** Reads entries back; lines it does not recognise (a person's notes) are ignored. */
export function parseNamesFile(content: string): NameSighting[] {
  const entries: NameSighting[] = [];
  for (const line of content.split(/\r?\n/)) {
    const m = ENTRY.exec(line);
    if (!m) continue;
    const seq = Number(SEQ_IN_WHERE.exec(m[3])?.[1] ?? -1);
    entries.push({ name: m[2], where: m[3], seq });
  }
  return entries;
}

/**
 * The file's next content: existing entries updated with the new sightings. When it would exceed
 * `maxBytes`, the oldest entries go first; the count of dropped entries is returned so the
 * caller can record it (it breaks the guarantee only past thousands of names).
 */
export function mergeNamesFile(
  existing: string | null,
  incoming: readonly NameSighting[],
  maxBytes: number,
): { content: string; dropped: number } {
  let entries = latestSightings(existing ? parseNamesFile(existing) : [], incoming);
  let content = renderNamesFile(entries);
  let dropped = 0;
  while (byteLength(content) > maxBytes && entries.length > 0) {
    const excess = byteLength(content) - maxBytes;
    // Entries are about 60 bytes; drop a batch sized to the excess instead of one per render.
    const n = Math.min(entries.length, Math.max(1, Math.ceil(excess / 60)));
    entries = entries.slice(0, entries.length - n);
    dropped += n;
    content = renderNamesFile(entries);
  }
  return { content, dropped };
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
