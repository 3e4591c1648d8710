/* Pure text helpers for the agent's file tools. */

/** Non-overlapping occurrences of `needle` in `haystack` (needle must be non-empty). */
function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

export type ReplaceResult = { ok: true; content: string } | { ok: false; matches: number };

/** Replaces the one occurrence of oldText; reports the match count when it is not exactly one. */
export function replaceUnique(content: string, oldText: string, newText: string): ReplaceResult {
  const matches = countOccurrences(content, oldText);
  if (matches !== 1) return { ok: false, matches };
  const at = content.indexOf(oldText);
  return { ok: true, content: content.slice(0, at) + newText + content.slice(at + oldText.length) };
}

export type LineSlice = { content: string; startLine: number; endLine: number; totalLines: number };

/**
 * Lines startLine..endLine (1-based, inclusive, clamped to the file). An empty file has 0 lines;
 * a trailing newline does not start another line.
 */
export function sliceLines(content: string, startLine?: number, endLine?: number): LineSlice {
  const lines = content === "" ? [] : content.replace(/\r?\n$/, "").split(/\r?\n/);
  const totalLines = lines.length;
  const start = Math.max(1, startLine ?? 1);
  const end = Math.min(totalLines, endLine ?? totalLines);
  if (startLine === undefined && endLine === undefined) return { content, startLine: totalLines ? 1 : 0, endLine: totalLines, totalLines };
  if (start > end) return { content: "", startLine: start, endLine: start - 1, totalLines };
  return { content: lines.slice(start - 1, end).join("\n"), startLine: start, endLine: end, totalLines };
}
