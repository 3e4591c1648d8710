import { describe, expect, it } from "vitest";
import { countTokens, tokenizerFamilyForModel } from "@/lib/ai/tokens";

describe("countTokens", () => {
  it("counts o200k tokens exactly for known strings", () => {
    // Reference values from OpenAI's o200k_base (tiktoken).
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("")).toBe(0);
    expect(countTokens("The quick brown fox jumps over the lazy dog.")).toBe(10);
  });

  it("grows with the text and is stable across calls", () => {
    const short = countTokens("one two three");
    const long = countTokens("one two three ".repeat(50));
    expect(long).toBeGreaterThan(short * 20);
    expect(countTokens("one two three")).toBe(short);
  });

  it("treats special-token strings in user text as plain text instead of throwing", () => {
    expect(() => countTokens("before <|endoftext|> after")).not.toThrow();
    expect(countTokens("before <|endoftext|> after")).toBeGreaterThan(3);
  });

  it("uses the same approximation for every family", () => {
    const text = "Anthropic publishes no JS tokenizer, so this is approximate.";
    expect(countTokens(text, "anthropic")).toBe(countTokens(text, "openai"));
    expect(countTokens(text, "other")).toBe(countTokens(text, "openai"));
  });
});

describe("tokenizerFamilyForModel", () => {
  it.each([
    ["offline", "openai"],
    ["openai:gpt-4o-mini", "openai"],
    ["anthropic:claude-sonnet-4-5", "anthropic"],
    ["compatible:llama3.1:8b", "other"],
    ["gpt-4.1", "openai"],
    ["claude-3-haiku", "anthropic"],
    ["mistral-large", "other"],
  ] as const)("%s -> %s", (id, family) => {
    expect(tokenizerFamilyForModel(id)).toBe(family);
  });
});
