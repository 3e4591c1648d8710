import { describe, expect, it } from "vitest";
import { countMessageTokens, estimateInputTokens, messageText, partTokenText, sumTokens } from "@/lib/context";

describe("messageText", () => {
  it("joins text parts with newlines and skips everything else", () => {
    const parts = [
      { type: "text", text: "first" },
      { type: "reasoning", text: "hidden" },
      { type: "tool-read_file", input: { path: "a.ts" } },
      { type: "text", text: "second" },
    ];
    expect(messageText(parts)).toBe("first\nsecond");
  });

  it("is empty for no parts or no text parts", () => {
    expect(messageText([])).toBe("");
    expect(messageText([{ type: "step-start" }, { type: "text" }])).toBe("");
  });
});

describe("sumTokens", () => {
  it("adds token counts", () => {
    expect(sumTokens([])).toBe(0);
    expect(sumTokens([{ tokens: 3 }, { tokens: 4 }, { tokens: 0 }])).toBe(7);
  });
});

describe("estimateInputTokens", () => {
  it("returns the breakdown and the total", () => {
    expect(estimateInputTokens({ systemTokens: 100, summaryTokens: 20, messageTokens: 3 })).toEqual({
      system: 100,
      summary: 20,
      messages: 3,
      total: 123,
    });
  });
});

describe("countMessageTokens", () => {
  const byChars = (text: string) => text.length;

  it("counts tool payloads, not just text, so big tool results weigh in", () => {
    const big = "x".repeat(1000);
    const parts = [
      { type: "text", text: "hi" },
      { type: "step-start" },
      { type: "tool-read_file", toolCallId: "c1", state: "output-available", input: { path: "a" }, output: big },
    ];
    const total = countMessageTokens(parts, byChars);
    expect(total).toBeGreaterThan(1000 + 2);
    expect(total).toBe(2 + partTokenText(parts[2]!).length);
  });

  it("calls the counter once per contributing part", () => {
    const calls: string[] = [];
    countMessageTokens([{ type: "text", text: "a" }, { type: "step-start" }, { type: "text", text: "b" }], (text) => (calls.push(text), 1));
    expect(calls).toEqual(["a", "b"]);
  });

  it("skips unserialisable payloads instead of throwing", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(
      countMessageTokens(
        [
          { type: "tool-x", input: cyclic },
          { type: "text", text: "ok" },
        ],
        byChars,
      ),
    ).toBe(2);
  });
});

describe("partTokenText", () => {
  it("uses error text for failed tool calls and data for data parts", () => {
    expect(partTokenText({ type: "tool-x", errorText: "boom" })).toContain("boom");
    expect(partTokenText({ type: "data-progress", data: { pct: 50 } })).toContain('"pct":50');
    expect(partTokenText({ type: "step-start" })).toBe("");
  });
});
