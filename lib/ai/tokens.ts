// Importing the encoding module directly (not the package root) keeps one o200k instance per
// process and avoids loading the default cl100k tables as well.
import { encode as encodeO200k } from "gpt-tokenizer/encoding/o200k_base";

/*
 * o200k_base is exact for current OpenAI models. Anthropic publishes no JS tokenizer, and local
 * servers (Ollama, vLLM, ...) use their own, so every model is counted with o200k: exact for
 * OpenAI, a documented approximation for the rest (close enough for budgeting, never for billing).
 */

// User text may legitimately contain strings like "<|endoftext|>"; count them as plain text
// instead of letting the tokenizer throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Token ids, for callers that need more than a count (the offline model's prompt cache). */
export function encodeTokens(text: string): number[] {
  return encodeO200k(text, PLAIN_TEXT);
}

export function countTokens(text: string): number {
  if (text === "") return 0;
  return encodeTokens(text).length;
}
