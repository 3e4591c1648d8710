import { createRequire } from "node:module";
import type * as O200k from "gpt-tokenizer/encoding/o200k_base";

/*
 * o200k_base is exact for current OpenAI models. Anthropic publishes no JS tokenizer, and local
 * servers (Ollama, vLLM, ...) use their own, so every model is counted with o200k: exact for
 * OpenAI, a documented approximation for the rest (close enough for budgeting, never for billing).
 */

// The encoding is loaded on first use, not at import: its rank tables are ~20 MB of heap (~50 MB
// of resident memory while they are built), and a server that only renders pages never counts a
// token. Importing the encoding module directly (not the package root) keeps one o200k instance
// per process and avoids loading the default cl100k tables as well.
let o200k: typeof O200k | undefined;
function encoding(): typeof O200k {
  // A literal require() is what bundlers follow (the module stays in the server bundle); plain
  // Node ESM (the compaction worker under tsx) has no require, so it gets one of its own.
  o200k ??=
    typeof require === "function"
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: a lazy, bundled load
        (require("gpt-tokenizer/encoding/o200k_base") as typeof O200k)
      : (createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as typeof O200k);
  return o200k;
}

// User text may legitimately contain strings like "<|endoftext|>"; count them as plain text
// instead of letting the tokenizer throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  if (text === "") return 0;
  return encoding().encode(text, PLAIN_TEXT).length;
}
