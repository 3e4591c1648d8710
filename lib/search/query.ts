// Pure: turns what a person (or the agent) typed into search terms. User text never reaches a
// full-text engine as syntax: every term becomes data (a quoted FTS5 phrase, a bound parameter).

/** Longer queries are refused (400): nobody types one, and each term costs a scan of candidates. */
export const MAX_QUERY_CHARS = 500;
/** Terms past this many are dropped: more narrow nothing a person would notice. */
const MAX_TERMS = 12;

/**
 * word: matched by the full-text index with stemming ("deploy" finds "deploying").
 * exact: an identifier, path or quoted phrase, matched as a case-insensitive substring
 * ("src/api/accounts.ts", "getAccountHandler"); `tokens` are its words, for narrowing by the index.
 */
export type SearchTerm = { kind: "word"; text: string; tokens: string[] } | { kind: "exact"; text: string; tokens: string[] };

export type SearchQuery = { terms: SearchTerm[] };

const TOKEN = /[\p{L}\p{N}]+/gu;
// Punctuation around a word that is prose, not part of the word: "(see", "deploy,", "-foo", "why?".
const EDGE_PUNCTUATION = /^[\s"'`()[\]{}<>,;:!?*^+-]+|[\s"'`()[\]{}<>,;:!?*^+.-]+$/gu;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function tokensOf(text: string): string[] {
  return (text.match(TOKEN) ?? []).map((t) => t.toLowerCase());
}

/** camelCase, letters mixed with digits, or anything with inner punctuation: an identifier or path. */
function looksExact(word: string): boolean {
  return /[^\p{L}\p{N}]/u.test(word) || /\p{Ll}\p{Lu}/u.test(word) || (/\p{L}/u.test(word) && /\p{N}/u.test(word));
}

/** Splits a query into terms; an empty list means nothing to search for (the caller answers empty). */
export function parseSearchQuery(raw: string): SearchQuery {
  const text = raw.replace(CONTROL, " ").slice(0, MAX_QUERY_CHARS);
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  const add = (term: SearchTerm) => {
    const key = `${term.kind}:${term.text.toLowerCase()}`;
    if (term.tokens.length === 0 || seen.has(key) || terms.length >= MAX_TERMS) return;
    seen.add(key);
    terms.push(term);
  };
  // "a quoted phrase" is exact; an unbalanced quote runs to the end of the query.
  for (const [, quoted, bare] of text.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    if (quoted !== undefined) {
      const phrase = quoted.trim().replace(/\s+/g, " ");
      add({ kind: "exact", text: phrase, tokens: tokensOf(phrase) });
      continue;
    }
    const word = bare.replace(EDGE_PUNCTUATION, "");
    if (looksExact(word)) add({ kind: "exact", text: word, tokens: tokensOf(word) });
    else add({ kind: "word", text: word, tokens: tokensOf(word) });
  }
  return { terms };
}

/** An FTS5 phrase: the tokens inside double quotes, so no operator, column or quote can be injected. */
export function fts5Phrase(tokens: string[]): string {
  return `"${tokens.join(" ").replace(/"/g, '""')}"`;
}

/** A LIKE / ILIKE pattern that matches `text` literally anywhere (escape character: backslash). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
