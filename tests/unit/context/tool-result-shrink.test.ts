import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { shrinkToolResults, toolOutputPath, toolResultBaseCap } from "@/lib/context";
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
    const { messages, shrunk } = shrinkToolResults(request(big), { capTokens: 300 }, countTokens);
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
    const again = shrinkToolResults(messages, { capTokens: 300 }, countTokens);
    expect(again.shrunk).toEqual([]);
    expect(again.messages).toEqual(messages);
  });

  it("leaves small results and other messages untouched", () => {
    const input = request("short");
    const { messages, shrunk } = shrinkToolResults(input, { capTokens: 300 }, countTokens);
    expect(shrunk).toEqual([]);
    expect(messages[2]).toBe(input[2]);
  });

  it("names files safely", () => {
    expect(toolOutputPath("toolu_01:ab/../c")).toBe("context/tool-outputs/toolu_01_ab_.._c.txt");
  });
});

/** A conversation of `n` turns, each reading a file of `rows[k]` rows. */
function turns(rows: readonly number[]): ModelMessage[] {
  return rows.flatMap((n, k): ModelMessage[] => {
    const id = `call_${k}`;
    const content = Array.from({ length: n }, (_, i) => `turn ${k} row ${i}: value ${i * 7}`).join("\n");
    return [
      { role: "user", content: [{ type: "text", text: `read file ${k}` }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: id, toolName: "read_file", input: { path: `f${k}.md` } }] },
      {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: id, toolName: "read_file", output: { type: "json", value: { content } } }],
      },
      { role: "assistant", content: [{ type: "text", text: `read ${k}` }] },
    ];
  });
}

const approxTokens = (messages: readonly ModelMessage[]) => Math.ceil(JSON.stringify(messages).length / 4);

describe("tool result caps", () => {
  it("uses the setting, else a quarter of the window, at most 20,000", () => {
    expect(toolResultBaseCap({ setting: 700 })).toBe(700);
    expect(toolResultBaseCap({ contextWindow: 8000 })).toBe(2000);
    expect(toolResultBaseCap({})).toBe(20_000);
  });

  it("never changes a result's shortened form as the request grows: each is decided from the request before it", () => {
    const rows = [900, 60, 1500, 700, 2000, 300, 1200, 1800, 900, 2500];
    const bound = { capTokens: 2000, limitTokens: 40_000, prefixTokens: 500 };
    let previous: ModelMessage[] = [];
    for (let n = 1; n <= rows.length; n++) {
      const { messages } = shrinkToolResults(turns(rows.slice(0, n)), bound, countTokens);
      // Byte-identical prefix: the request of n turns starts with the request of n-1 turns.
      expect(JSON.stringify(messages.slice(0, previous.length))).toBe(JSON.stringify(previous));
      previous = messages;
    }
  });

  it("squeezes later results harder so a turn with many results stays near the limit (results past it keep only a floor)", () => {
    // Ten results of about 9,900 tokens: each fits the 20,000 cap, together they do not fit 40,000.
    const input = turns(Array(10).fill(1400));
    expect(approxTokens(input)).toBeGreaterThan(90_000);
    const { messages, shrunk } = shrinkToolResults(input, { capTokens: 20_000, limitTokens: 40_000, prefixTokens: 500 }, countTokens);
    const sizes = messages.filter((m) => m.role === "tool").map((m) => approxTokens([m]));
    expect(shrunk).toHaveLength(7);
    expect(sizes.slice(0, 3).every((n) => n > 9000)).toBe(true);
    expect(sizes[3]).toBeLessThan(9000);
    expect(sizes[4]).toBeLessThan(sizes[3]!);
    // Past the limit every result is cut to the floor (500 tokens), a few hundred tokens in all.
    expect(sizes.slice(5).every((n) => n < 400)).toBe(true);
    expect(approxTokens(messages)).toBeLessThanOrEqual(40_000 + 6 * 400);
    // Without a limit (unknown window) nothing under the cap is touched.
    expect(shrinkToolResults(input, { capTokens: 20_000 }, countTokens).shrunk).toEqual([]);
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
