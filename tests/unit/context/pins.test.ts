import { describe, expect, it } from "vitest";
import { pinnedPartText, selectPins, withCacheBreakpoints } from "@/lib/context";

describe("selectPins", () => {
  it("keeps the newest pins that fit the budget and returns them in conversation order", () => {
    const pins = [
      { seq: 1, tokens: 30 },
      { seq: 5, tokens: 50 },
      { seq: 9, tokens: 40 },
    ];
    const { included, excluded } = selectPins(pins, 95);
    expect(included.map((p) => p.seq)).toEqual([5, 9]);
    expect(excluded.map((p) => p.seq)).toEqual([1]);
    expect(selectPins(pins, 1000).excluded).toEqual([]);
    // A big newer pin does not crowd out smaller older ones that still fit.
    expect(
      selectPins(
        [
          { seq: 1, tokens: 10 },
          { seq: 2, tokens: 100 },
        ],
        50,
      ).included.map((p) => p.seq),
    ).toEqual([1]);
  });

  it("renders a pinned message verbatim, tool calls included", () => {
    const text = pinnedPartText({
      role: "assistant",
      parts: [
        { type: "text", text: "Saved." },
        { type: "tool-write_file", input: { path: "a.md" }, output: { ok: true } },
      ],
    });
    expect(text).toBe('Pinned message (assistant), kept verbatim:\nSaved.\n[tool write_file {"path":"a.md"} -> {"ok":true}]');
  });
});

describe("withCacheBreakpoints", () => {
  const messages = [
    { role: "user" as const, content: [{ type: "text" as const, text: "summary" }] },
    { role: "assistant" as const, content: [{ type: "text" as const, text: "ok" }] },
    { role: "user" as const, content: [{ type: "text" as const, text: "next" }] },
  ];
  it("marks nothing for providers that cache prefixes by themselves", () => {
    expect(withCacheBreakpoints("sys", messages, { provider: "other", summaryAfterUserMessages: 0 })).toEqual({ system: "sys", messages });
  });
  it("marks the system prompt, the summary message and the last message for Anthropic", () => {
    const out = withCacheBreakpoints("sys", messages, { provider: "anthropic", summaryAfterUserMessages: 0 });
    expect(out.system).toMatchObject({
      role: "system",
      content: "sys",
      providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
    });
    expect(out.messages.map((m) => m.providerOptions !== undefined)).toEqual([true, false, true]);
    const without = withCacheBreakpoints("sys", messages, { provider: "anthropic", summaryAfterUserMessages: null });
    expect(without.messages.map((m) => m.providerOptions !== undefined)).toEqual([false, false, true]);
  });
  it("in a routine run marks the message that carries the summary, not the run's start message before it", () => {
    const run = [{ role: "user" as const, content: [{ type: "text" as const, text: "[Routine run] start" }] }, ...messages];
    const out = withCacheBreakpoints("sys", run, { provider: "anthropic", summaryAfterUserMessages: 1 });
    expect(out.messages.map((m) => m.providerOptions !== undefined)).toEqual([false, true, false, true]);
  });
});
