import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkByTokens, summarizerText } from "@/lib/context";

describe("summarizerText", () => {
  it("keeps text and renders tool calls with their path, clipping large payloads", () => {
    const text = summarizerText([
      { type: "step-start" },
      { type: "text", text: "Writing the plan." },
      {
        type: "tool-write_file",
        state: "output-available",
        input: { path: "migration.md", content: "x".repeat(2000) },
        output: { ok: true, version: 1 },
      },
      { type: "tool-read_file", state: "output-error", input: { path: "src/a.ts" }, errorText: "not found" },
    ]);
    expect(text).toContain("Writing the plan.");
    expect(text).toContain('[tool write_file {"path":"migration.md"');
    expect(text).toContain("[…]");
    expect(text).toContain('-> {"ok":true,"version":1}]');
    expect(text).toContain('[tool read_file {"path":"src/a.ts"} -> error: not found]');
    expect(text.length).toBeLessThan(1000);
  });
});

describe("chunkByTokens", () => {
  it("keeps order, loses nothing, and respects the budget except for single oversized items", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 60 }), fc.integer({ min: 1, max: 80 }), (sizes, budget) => {
        const items = sizes.map((tokens, i) => ({ i, tokens }));
        const chunks = chunkByTokens(items, budget);
        expect(chunks.flat()).toEqual(items);
        for (const chunk of chunks) {
          expect(chunk.length).toBeGreaterThan(0);
          const total = chunk.reduce((s, x) => s + x.tokens, 0);
          if (chunk.length > 1) expect(total).toBeLessThanOrEqual(budget);
        }
        // Greedy: a chunk could not have taken the next chunk's first item.
        for (let c = 1; c < chunks.length; c++) {
          const total = chunks[c - 1].reduce((s, x) => s + x.tokens, 0);
          expect(total + chunks[c][0].tokens).toBeGreaterThan(budget);
        }
      }),
    );
  });
});
