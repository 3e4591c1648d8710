/**
 * Names and paths a summary must keep verbatim. Summarizers paraphrase, and a
 * paraphrased path is as good as lost: the agent has to search for it again.
 * Extraction errs toward code-looking tokens and skips plain English words so
 * the "put back what was lost" section stays short.
 */

// Bare filenames (no slash) need a known extension, otherwise "e.g." or
// "example.com" would count as files.
const FILE_EXTENSIONS = new Set(
  (
    "md mdx txt rst ts tsx mts cts js jsx mjs cjs json jsonc json5 yaml yml toml ini conf cfg env " +
    "lock py rb go rs java kt kts scala c h cc cpp hpp cs swift php pl lua r dart ex exs erl " +
    "sh bash zsh fish ps1 bat sql prisma graphql gql proto css scss sass less html htm xml svg " +
    "png jpg jpeg gif webp ico pdf csv tsv log vue svelte astro tf hcl patch diff ipynb wasm"
  ).split(" "),
);

const TOKEN = /`([^`\n]+)`|([^\s`]+)/g;
// "_" is not stripped: it starts identifiers such as "_private" and "__init__".
const LEADING_PUNCTUATION = /^[("'<[{*]+/;
const TRAILING_PUNCTUATION = /[)"'>\]}.,;:!?*]+$/;
const LINE_SUFFIX = /(\.[A-Za-z0-9]+):\d+(?::\d+)?$/;
const URL_START = /https?:\/\//i;
const URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const PATH_CHARS = /^[\w@+~.\-/]+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const IDENTIFIER_IN = /[A-Za-z_$][\w$]*/g;

export function extractNames(text: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    if (!seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  };
  for (const match of text.matchAll(TOKEN)) {
    const quoted = match[1];
    if (quoted !== undefined) {
      const code = quoted.trim();
      // A backticked single token is code by the author's own marking; a
      // backticked phrase is scanned like prose so only its names survive.
      if (/\s/.test(code)) {
        for (const inner of code.split(/\s+/)) classifyToken(inner, add);
      } else if (/[A-Za-z0-9]/.test(code)) {
        add(code);
      }
    } else {
      classifyToken(match[2]!, add);
    }
  }
  return names;
}

function classifyToken(raw: string, add: (name: string) => void): void {
  // Markdown links glue text and URL into one token: "[docs](https://...)".
  const urlAt = raw.search(URL_START);
  if (urlAt > 0) {
    classifyToken(raw.slice(0, urlAt), add);
    classifyToken(raw.slice(urlAt), add);
    return;
  }
  const token = trimPunctuation(raw);
  if (token === "") return;
  if (urlAt === 0) {
    if (URL.test(token)) add(token);
    return;
  }
  // "src/x.ts:42:7" is a location; the file is the part worth keeping. Only
  // applied off URLs, where ":8080" is a port that belongs to the name.
  const located = token.replace(LINE_SUFFIX, "$1");
  if (isPath(located)) return add(located);
  if (isCodeIdentifier(token)) return add(token);
  // Tokens like "accounts.getAccountHandler()" or "foo(bar_baz)" still
  // contain identifiers worth keeping.
  for (const [piece] of token.matchAll(IDENTIFIER_IN)) {
    if (isCodeIdentifier(piece)) add(piece);
  }
}

function trimPunctuation(token: string): string {
  let result = token.replace(LEADING_PUNCTUATION, "");
  let previous: string;
  // Alternate until stable so "getAccount()." and "(`x`)," both reduce.
  do {
    previous = result;
    result = result.replace(TRAILING_PUNCTUATION, "").replace(/\(\)$/, "");
  } while (result !== previous);
  return result;
}

function isPath(token: string): boolean {
  if (!PATH_CHARS.test(token) || !/[A-Za-z]/.test(token)) return false;
  if (token.includes("/")) {
    if (/^(?:\/|\.\.?\/|~\/)/.test(token)) return true;
    if (token.endsWith("/")) return true;
    const segments = token.split("/").filter((segment) => segment !== "");
    // "and/or" and "w/o" have one slash and no extension; real relative
    // paths either have an extension or go deeper than one level.
    return hasExtension(segments.at(-1) ?? "", false) || segments.length >= 3;
  }
  // Dotfiles such as ".env" or ".eslintrc.json".
  if (/^\.[a-z][\w.-]*$/.test(token)) return true;
  return hasExtension(token, true);
}

function hasExtension(segment: string, knownOnly: boolean): boolean {
  const match = /^[\w@+.-]*[\w@+-]\.([A-Za-z0-9]{1,10})$/.exec(segment);
  if (match === null) return false;
  return !knownOnly || FILE_EXTENSIONS.has(match[1]!.toLowerCase());
}

/**
 * camelCase, PascalCase with an internal capital, acronym-led names like
 * "XMLParser", and snake_case. Single-case words ("account", "Loader",
 * "JSON") are too likely to be English to be worth preserving.
 */
function isCodeIdentifier(token: string): boolean {
  if (!IDENTIFIER.test(token)) return false;
  const caseChange = /[a-z0-9][A-Z]/.test(token) || /[A-Z]{2}[a-z]/.test(token);
  const underscore = /[A-Za-z0-9]_|_[A-Za-z0-9]/.test(token);
  return caseChange || underscore;
}

/**
 * Names that `text` does not keep as a whole token. A substring test would let
 * "getAccountHandler" keep "getAccount" and "src/a.tsx" keep "src/a.ts", so a
 * name counts as kept only when the text's own extraction yields it, or it
 * occurs with no name character glued to either side.
 */
export function missingNames(names: readonly string[], text: string): string[] {
  const own = new Set(extractNames(text));
  return names.filter((name) => !own.has(name) && !occursAsToken(text, name));
}

export function keepsName(text: string, name: string): boolean {
  return missingNames([name], text).length === 0;
}

const NAME_CHAR = /[\w$]/;
// Characters that continue a path or a member access when a name character follows them.
const JOINER = /[./@\\-]/;

function occursAsToken(text: string, name: string): boolean {
  if (name === "") return false;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? "";
    const after = text[at + name.length] ?? "";
    const next = text[at + name.length + 1] ?? "";
    if (NAME_CHAR.test(before) || JOINER.test(before) || before === "~") continue;
    if (NAME_CHAR.test(after) || (JOINER.test(after) && NAME_CHAR.test(next))) continue;
    return true;
  }
  return false;
}

/**
 * Markdown section that restores lost names verbatim. Returns "" for an empty
 * list so callers can append it unconditionally.
 */
export function namesSection(names: readonly string[]): string {
  if (names.length === 0) return "";
  return ["## Names and paths", ...names.map((name) => `- ${inlineCode(name)}`)].join("\n");
}

// A name containing backticks needs a longer fence to stay verbatim.
export function inlineCode(name: string): string {
  const longestRun = Math.max(0, ...(name.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = name.startsWith("`") || name.endsWith("`") ? " " : "";
  return `${fence}${pad}${name}${pad}${fence}`;
}
