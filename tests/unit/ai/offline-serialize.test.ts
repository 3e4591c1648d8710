import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PromptCache } from "@/lib/ai/offline/prompt-cache";
import { describePrompt, promptSegments, serializePrompt } from "@/lib/ai/offline/serialize";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { countTokens } from "@/lib/ai/tokens";

// The token ids of the encoding countTokens counts with (lib/ai/tokens.ts), special tokens as text.
const encodeTokens = (text: string) => encode(text, { disallowedSpecial: new Set<string>() });

const prompt: LanguageModelV4Prompt = [
  { role: "system", content: "You are helpful." },
  { role: "user", content: [{ type: "text", text: "write plan.md" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Calling." },
      { type: "tool-call", toolCallId: "c1", toolName: "write_file", input: { path: "plan.md", content: "x" } },
    ],
  },
  {
    role: "tool",
    content: [{ type: "tool-result", toolCallId: "c1", toolName: "write_file", output: { type: "json", value: { ok: true } } }],
  },
];

describe("serializePrompt", () => {
  it("renders role headers, raw text and JSON for tool parts, deterministically", () => {
    expect(serializePrompt(prompt)).toBe(
      "[system]\nYou are helpful.\n" +
        "[user]\nwrite plan.md\n" +
        '[assistant]\nCalling.\n[tool-call write_file] {"path":"plan.md","content":"x"}\n' +
        '[tool]\n[tool-result write_file] {"type":"json","value":{"ok":true}}\n',
    );
  });

  it("ignores providerOptions so counts do not depend on transport hints", () => {
    const withOptions: LanguageModelV4Prompt = [
      { role: "user", content: [{ type: "text", text: "hi", providerOptions: { openai: { x: 1 } } }] },
    ];
    expect(serializePrompt(withOptions)).toBe("[user]\nhi\n");
  });

  // The prompt cache counts per message; that is only exact if no token spans a message boundary.
  it("tokenizes per message exactly like the whole prompt, for arbitrary text", () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.constantFrom("", " ", "\n", "a/", "x\n\n ", "don't", "'s"));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("user", "assistant") as fc.Arbitrary<"user" | "assistant">, text), { maxLength: 5 }),
        (msgs) => {
          const p: LanguageModelV4Prompt = msgs.map(([role, t]) => ({ role, content: [{ type: "text", text: t }] }));
          const whole = encodeTokens(serializePrompt(p));
          const pieces = promptSegments(p).flatMap((s) => encodeTokens(s));
          expect(pieces).toEqual(whole);
          expect(whole.length).toBe(countTokens(serializePrompt(p)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("describePrompt", () => {
  it("lists the system text and every message with its parts", () => {
    const echoed = describePrompt(prompt);
    expect(echoed.system).toBe("You are helpful.");
    expect(echoed.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(echoed.messages[1].parts[1]).toEqual({ type: "tool-call", toolName: "write_file", input: { path: "plan.md", content: "x" } });
  });
});

describe("PromptCache", () => {
  const segs = (cache: PromptCache, texts: string[]) => texts.map((t) => cache.segment(t));

  it("reads the shared leading messages of the previous prompt in the same scope", () => {
    const cache = new PromptCache();
    const first = segs(cache, ["[system]\nA\n", "[user]\nB\n"]);
    expect(cache.readAndStore("s", first)).toBe(0);
    const second = segs(cache, ["[system]\nA\n", "[user]\nB\n", "[assistant]\nC\n"]);
    expect(cache.readAndStore("s", second)).toBe(countTokens("[system]\nA\n[user]\nB\n"));
    const diverged = segs(cache, ["[system]\nA\n", "[user]\nDIFFERENT\n"]);
    expect(cache.readAndStore("s", diverged)).toBe(countTokens("[system]\nA\n"));
    expect(cache.readAndStore("other", diverged)).toBe(0);
  });

  it("forgets the least recently used scopes beyond its bound", () => {
    const cache = new PromptCache(2);
    const s = segs(cache, ["[user]\nhello\n"]);
    cache.readAndStore("a", s);
    cache.readAndStore("b", s);
    cache.readAndStore("a", s); // a is now most recent
    cache.readAndStore("c", s); // evicts b
    expect(cache.scopeCount).toBe(2);
    expect(cache.readAndStore("a", s)).toBeGreaterThan(0);
    expect(cache.readAndStore("b", s)).toBe(0);
  });
});
