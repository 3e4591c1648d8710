/*
 * Regex extraction of the names a summary must carry over verbatim: URLs, file paths and code
 * identifiers. Self-contained on purpose (lib/context has its own extractor; this one only feeds
 * the offline summarizer). Each extractor masks what it took, so a path is not also reported as
 * the identifiers inside it.
 */

const URL_RE = /\bhttps?:\/\/[^\s<>()"'`\]]+/g;
const PATH_CANDIDATE_RE = /[\w~.@+\-[\]/]+/g;
const BACKTICK_RE = /`([^`\n]{1,160})`/g;
const IDENTIFIER_RES = [
  /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g, // camelCase
  /\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g, // PascalCase with at least two humps
  /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, // snake_case
  /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, // SCREAMING_CASE (env vars)
];

// Bare names (no slash) only count as files with an extension people actually use for files,
// otherwise "e.g." or "v1.2" would be reported as paths.
const FILE_EXTENSIONS = new Set(
  (
    "md mdx txt json jsonc yaml yml toml ini env ts tsx js jsx mjs cjs mts cts py rb go rs java kt swift c h " +
    "cc cpp hpp cs php sh bash zsh ps1 sql prisma css scss sass less html htm xml svg png jpg jpeg gif webp " +
    "ico pdf csv tsv log lock conf cfg vue svelte astro graphql gql proto tf hcl ipynb lua pl ex exs erl hs " +
    "ml scala dart zig patch diff db sqlite wasm zip gz tar"
  ).split(" "),
);

type Hit = { index: number; value: string };

export type ExtractedNames = { paths: string[]; urls: string[]; identifiers: string[]; all: string[] };

export function extractNames(text: string): ExtractedNames {
  let masked = text;
  const take = (re: RegExp, pick: (m: RegExpExecArray) => Hit | null): Hit[] => {
    const hits: Hit[] = [];
    for (const m of masked.matchAll(re)) {
      const hit = pick(m as RegExpExecArray);
      if (!hit) continue;
      hits.push(hit);
    }
    for (const h of hits) masked = masked.slice(0, h.index) + " ".repeat(h.value.length) + masked.slice(h.index + h.value.length);
    return hits;
  };

  const urls = take(URL_RE, (m) => trimmed(m.index, m[0]));
  const paths = take(PATH_CANDIDATE_RE, (m) => {
    const hit = trimmed(m.index, m[0]);
    return hit && isPath(hit.value) ? hit : null;
  });
  const ticks = take(BACKTICK_RE, (m) => {
    const inner = m[1].trim();
    return inner ? { index: m.index, value: m[0] } : null;
  }).map((h) => ({ index: h.index, value: h.value.slice(1, -1).trim() }));
  const identifiers = IDENTIFIER_RES.flatMap((re) => take(re, (m) => ({ index: m.index, value: m[0] })));

  const order = (hits: Hit[]) => unique([...hits].sort((a, b) => a.index - b.index).map((h) => h.value));
  return {
    paths: order(paths),
    urls: order(urls),
    identifiers: order([...ticks, ...identifiers]),
    all: order([...urls, ...paths, ...ticks, ...identifiers]),
  };
}

/** Sentence punctuation and unbalanced brackets around a candidate are not part of the name. */
function trimmed(index: number, raw: string): Hit | null {
  let value = raw.replace(/[.,;:!?]+$/, "");
  if (value.startsWith("[") && !value.includes("]")) {
    value = value.slice(1);
    index += 1;
  }
  if (value.endsWith("]") && !value.includes("[")) value = value.slice(0, -1);
  return value ? { index, value } : null;
}

export function isPath(value: string): boolean {
  if (!/[A-Za-z]/.test(value)) return false;
  if (value.includes("@") && !value.startsWith("@")) return false; // e-mail addresses
  const ext = /[^/.]\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(value)?.[1];
  if (!value.includes("/")) {
    if (/^\.[A-Za-z][\w.-]*$/.test(value)) return true; // dotfiles: .env, .gitignore
    return ext !== undefined && FILE_EXTENSIONS.has(ext.toLowerCase());
  }
  if (ext !== undefined) return true;
  // Extension-less slash words are usually prose ("and/or", "TCP/IP"); accept only the
  // unmistakable shapes.
  return /^(\.{1,2}\/|\/|~\/|@)/.test(value) || value.endsWith("/") || value.split("/").filter(Boolean).length >= 3;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
