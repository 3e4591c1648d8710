import { describe, expect, it } from "vitest";
import { countTokens } from "@/lib/ai/tokens";

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
});
