// Importing the encoding module directly (not the package root) keeps one o200k instance per
// process and avoids loading the default cl100k tables as well.
import { encode as encodeO200k } from "gpt-tokenizer/encoding/o200k_base";

/**
 * "openai" is exact for current OpenAI models (o200k_base). Anthropic publishes no JS tokenizer,
 * so "anthropic" and "other" (Ollama, vLLM, ...) reuse o200k as a documented approximation:
 * close enough for budgeting, never exact for billing.
 */
export type TokenizerFamily = "openai" | "anthropic" | "other";

// User text may legitimately contain strings like "<|endoftext|>"; count them as plain text
// instead of letting the tokenizer throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Token ids, for callers that need more than a count (the offline model's prompt cache). */
export function encodeTokens(text: string, family: TokenizerFamily = "openai"): number[] {
  void family; // every family shares o200k today; the parameter keeps call sites honest
  return encodeO200k(text, PLAIN_TEXT);
}

export function countTokens(text: string, family: TokenizerFamily = "openai"): number {
  if (text === "") return 0;
  return encodeTokens(text, family).length;
}

/** Model ids are "offline", "openai:<m>", "anthropic:<m>", "compatible:<m>", or bare names. */
export function tokenizerFamilyForModel(modelId: string): TokenizerFamily {
  const id = modelId.trim().toLowerCase();
  if (id === "offline") return "openai"; // the offline model counts with o200k itself
  if (id.startsWith("openai:")) return "openai";
  if (id.startsWith("anthropic:")) return "anthropic";
  if (id.startsWith("compatible:")) return "other";
  if (/^(gpt-|o\d|chatgpt-)/.test(id)) return "openai";
  if (id.startsWith("claude")) return "anthropic";
  return "other";
}
