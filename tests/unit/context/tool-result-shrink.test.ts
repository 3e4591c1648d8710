import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { shrinkToolResults, toolOutputPath, toolResultCap } from "@/lib/context";
import { countTokens } from "@/lib/ai/tokens";
import { compactAtInputTokens, minSpanTokens, summaryMaxTokens } from "@/lib/compaction/budgets";

const big = Array.from({ length: 400 }, (_, i) => `row ${i}: value ${i * 7}`).join("\n");

function request(content: string): ModelMessage[] {
  return [
    { role: "user", content: [{ type: "text", text: "read it" }] },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "call/1", toolName: "read_file", input: { path: "x.md" } }] },
    {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "call/1", toolName: "read_file", output: { type: "json", value: { ok: true, content } } },
      ],
    },
  ];
}

describe("shrinkToolResults", () => {
  it("keeps head and tail of an oversized result, points at the saved file, and is stable when applied again", () => {
    const { messages, shrunk } = shrinkToolResults(request(big), 300, countTokens);
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0]).toMatchObject({ toolCallId: "call/1", path: "context/tool-outputs/call_1.txt" });
    expect(shrunk[0]!.fullText).toContain("row 399: value 2793");
    const part = (messages[2] as Extract<ModelMessage, { role: "tool" }>).content[0] as { output: { type: string; value: string } };
    expect(part.output.type).toBe("text");
    expect(part.output.value).toContain("row 0: value 0");
    expect(part.output.value).toContain("row 399: value 2793");
    expect(part.output.value).not.toContain("row 200:");
    expect(part.output.value).toContain("context/tool-outputs/call_1.txt");
    expect(countTokens(part.output.value)).toBeLessThan(450);
    const again = shrinkToolResults(messages, 300, countTokens);
    expect(again.shrunk).toEqual([]);
    expect(again.messages).toEqual(messages);
  });

  it("leaves small results and other messages untouched", () => {
    const input = request("short");
    const { messages, shrunk } = shrinkToolResults(input, 300, countTokens);
    expect(shrunk).toEqual([]);
    expect(messages[2]).toBe(input[2]);
  });

  it("names files safely", () => {
    expect(toolOutputPath("toolu_01:ab/../c")).toBe("context/tool-outputs/toolu_01_ab_.._c.txt");
  });
});

describe("toolResultCap", () => {
  it("uses the setting, else a quarter of the window, and halves while the request is over its limit", () => {
    expect(toolResultCap({ setting: 700, requestTokens: 10, toolTokens: [] })).toBe(700);
    expect(toolResultCap({ contextWindow: 8000, requestTokens: 10, toolTokens: [] })).toBe(2000);
    expect(toolResultCap({ requestTokens: 10, toolTokens: [] })).toBe(20_000);
    // Ten results of 1,500 tokens fit a 2,000 cap one by one, but not together in 8,000.
    const cap = toolResultCap({ contextWindow: 8000, requestTokens: 15_500, toolTokens: Array(10).fill(1500), limitTokens: 7200 });
    expect(cap).toBeLessThan(1000);
    expect(15_500 - 10 * (1500 - cap)).toBeLessThanOrEqual(7200);
  });
});

describe("compaction budgets", () => {
  it("compacts at the lower of the setting and 80% of a known window; summary budget and minimum span follow", () => {
    expect(compactAtInputTokens({ COMPACT_AT_INPUT_TOKENS: 100_000 }, undefined)).toBe(100_000);
    expect(compactAtInputTokens({ COMPACT_AT_INPUT_TOKENS: 100_000 }, 32_768)).toBe(26_214);
    expect(compactAtInputTokens({ COMPACT_AT_INPUT_TOKENS: 100_000 }, 1_000_000)).toBe(100_000);
    expect(summaryMaxTokens({ COMPACT_AT_INPUT_TOKENS: 100_000, SUMMARY_MAX_TOKENS: undefined })).toBe(8000);
    expect(summaryMaxTokens({ COMPACT_AT_INPUT_TOKENS: 100_000, SUMMARY_MAX_TOKENS: 1234 })).toBe(1234);
    expect(minSpanTokens(100_000)).toBe(25_000);
  });
});
