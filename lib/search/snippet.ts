// Pure: the excerpt shown for a search hit. HTML-escaped text with <mark> around matches and no
// other markup, built here for both databases so both answer alike and nothing the engine returns
// is trusted as HTML.
import type { SearchTerm } from "./query";

const BEFORE = 60;
const LENGTH = 200;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Stemming finds "deploying" for "deploy" and "deployed" for "deploys": highlight whole words that
// start with the word's stem (its common English suffix removed).
function stemOf(token: string): string {
  const stem = token.replace(/(ing|ed|es|s)$/u, "");
  return stem.length >= 3 ? stem : token;
}

function matcher(terms: SearchTerm[]): RegExp | null {
  const alternatives = terms.flatMap((t) =>
    t.kind === "exact" ? [escapeRegExp(t.text)] : t.tokens.map((tok) => `(?<![\\p{L}\\p{N}])${escapeRegExp(stemOf(tok))}[\\p{L}\\p{N}]*`),
  );
  if (alternatives.length === 0) return null;
  return new RegExp(alternatives.sort((a, b) => b.length - a.length).join("|"), "giu");
}

type Excerpt = { shown: string; cutBefore: boolean; cutAfter: boolean; re: RegExp | null };

/** At most ~`length` characters around the first match, cut on word edges, whitespace collapsed. */
function excerpt(text: string, terms: SearchTerm[], length: number): Excerpt {
  const re = matcher(terms);
  const first = re ? re.exec(text) : null;
  let start = first ? Math.max(0, first.index - BEFORE) : 0;
  let end = Math.min(text.length, start + length);
  if (start > 0) start = text.lastIndexOf(" ", start) + 1 || start;
  if (end < text.length) end = Math.max(text.indexOf(" ", end) === -1 ? text.length : text.indexOf(" ", end), end);
  return { shown: text.slice(start, end).replace(/\s+/g, " "), cutBefore: start > 0, cutAfter: end < text.length, re };
}

/** For a page: escaped, matches in <mark>, "…" where the text was cut. */
export function makeSnippet(text: string, terms: SearchTerm[]): string {
  const { shown, cutBefore, cutAfter, re } = excerpt(text, terms, LENGTH);
  let out = "";
  let at = 0;
  if (re) {
    re.lastIndex = 0;
    for (const m of shown.matchAll(re)) {
      if (m[0].length === 0) continue;
      out += `${escapeHtml(shown.slice(at, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
      at = m.index + m[0].length;
    }
  }
  out += escapeHtml(shown.slice(at));
  return `${cutBefore ? "…" : ""}${out}${cutAfter ? "…" : ""}`;
}

/** For the agent: the same excerpt as plain text (a model reads no HTML). */
export function plainSnippet(text: string, terms: SearchTerm[], length = 300): string {
  const { shown, cutBefore, cutAfter } = excerpt(text, terms, length);
  return `${cutBefore ? "…" : ""}${shown}${cutAfter ? "…" : ""}`;
}
