import type { NameSighting } from "./message-names";
import { NAMES_FILE_NOTICE } from "./names-file";
import { inlineCode, missingNames } from "./names";
import type { CountTokens } from "./tokens";

export type FittedSummary = {
  text: string;
  /** Required names the summary does not keep: they belong in the names file. */
  spilled: NameSighting[];
  /** Prose lines dropped to stay in budget. */
  droppedLines: number;
};

const NAMES_HEADING = "## Names and paths";
// The prose may take this share of the budget; the rest is for names the prose does not carry.
const PROSE_SHARE = 0.75;

type Line = { text: string; tokens: number; heading: boolean };

/**
 * Makes a summary fit `maxTokens` and says which names it no longer carries. Summaries grow with
 * every compaction (each one carries the previous), so without a budget a long thread ends up
 * with a summary large enough to trigger compaction on every turn.
 *
 * The summarizer's own names section is rebuilt: names the prose keeps need no entry, the rest
 * are listed newest first while they fit, and what does not fit is returned as `spilled` for the
 * names file. Prose over its share loses its oldest list items first, from the largest section.
 * `fileHasEntries` keeps the pointer to the names file when earlier compactions filled it.
 */
export function fitSummary(opts: {
  text: string;
  required: readonly NameSighting[];
  maxTokens: number;
  count: CountTokens;
  fileHasEntries: boolean;
}): FittedSummary {
  const { maxTokens, count } = opts;
  const notice = NAMES_FILE_NOTICE;
  const noticeTokens = count(notice) + 2;
  const lines = withoutNamesSection(opts.text).map((text): Line => ({ text, tokens: count(text) + 1, heading: /^#{1,6}\s/.test(text) }));
  const proseBudget = Math.floor((maxTokens - noticeTokens) * PROSE_SHARE);
  let droppedLines = dropOldest(lines, proseBudget);

  const newestFirst = [...opts.required].sort((a, b) => b.seq - a.seq);
  const build = (listed: readonly NameSighting[], withNotice: boolean) => {
    const prose = lines
      .map((l) => l.text)
      .join("\n")
      .trim();
    const section = listed.length ? [NAMES_HEADING, ...listed.map((s) => `- ${inlineCode(s.name)}`)].join("\n") : "";
    return [prose, section, withNotice ? notice : ""].filter(Boolean).join("\n\n");
  };

  const prose = build([], false);
  const unkept = new Set(
    missingNames(
      newestFirst.map((s) => s.name),
      prose,
    ),
  );
  const candidates = newestFirst.filter((s) => unkept.has(s.name));
  // Fill the names section by estimate, then correct with exact counts (rarely more than a step).
  const room = maxTokens - noticeTokens - count(prose) - count(NAMES_HEADING) - 2;
  let listedCount = 0;
  for (let used = 0; listedCount < candidates.length; listedCount++) {
    const cost = count(`- ${inlineCode(candidates[listedCount]!.name)}`) + 1;
    if (used + cost > room) break;
    used += cost;
  }
  let forceNotice = opts.fileHasEntries;
  for (;;) {
    const listed = candidates.slice(0, listedCount);
    const withNotice = forceNotice || listedCount < candidates.length;
    const text = build(listed, withNotice);
    if (count(text) <= maxTokens) {
      const fitted = finish(text, newestFirst, droppedLines);
      // Trimming prose can lose a name that was not a candidate; the pointer must then be there.
      if (fitted.spilled.length === 0 || withNotice) return fitted;
      forceNotice = true;
    } else if (listedCount > 0) listedCount--;
    else if (lines.length > 0) droppedLines += dropOldest(lines, sumTokens(lines) - 1);
    else return finish(withNotice && noticeTokens <= maxTokens ? notice : "", newestFirst, droppedLines);
  }
}

// The spilled list is recomputed from the final text, so a name the prose lost while trimming is
// never reported as kept.
function finish(text: string, required: readonly NameSighting[], droppedLines: number): FittedSummary {
  const lost = new Set(
    missingNames(
      required.map((s) => s.name),
      text,
    ),
  );
  return { text, spilled: required.filter((s) => lost.has(s.name)), droppedLines };
}

function withoutNamesSection(text: string): string[] {
  const out: string[] = [];
  let skipping = false;
  for (const line of text.trim().split(/\r?\n/)) {
    if (/^#{1,6}\s/.test(line)) skipping = line.trim() === NAMES_HEADING;
    if (!skipping && line !== NAMES_FILE_NOTICE) out.push(line);
  }
  return out;
}

function sumTokens(lines: readonly Line[]): number {
  return lines.reduce((n, l) => n + l.tokens, 0);
}

/** Drops lines until the estimate fits `budget`: the first item of the largest section each time. */
function dropOldest(lines: Line[], budget: number): number {
  let total = sumTokens(lines);
  let dropped = 0;
  while (total > budget && lines.length > 0) {
    const index = oldestOfLargestSection(lines);
    total -= lines[index]!.tokens;
    lines.splice(index, 1);
    dropped++;
  }
  return dropped;
}

function oldestOfLargestSection(lines: readonly Line[]): number {
  let best = -1;
  let bestSize = -1;
  let start = -1;
  let size = 0;
  const close = () => {
    if (start !== -1 && size > bestSize) {
      best = start;
      bestSize = size;
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.heading) {
      close();
      start = -1;
      size = 0;
      continue;
    }
    if (line.text.trim() === "") continue;
    if (start === -1) start = i;
    size += line.tokens;
  }
  close();
  // Only headings and blank lines left: drop from the end.
  return best === -1 ? lines.length - 1 : best;
}
