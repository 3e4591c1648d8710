import { describe, expect, it } from "vitest";
import { fitSummary, NAMES_FILE_NOTICE } from "@/lib/context";
import { countTokens } from "@/lib/ai/tokens";

const sighting = (name: string, seq: number) => ({ name, seq, where: `message ${seq} (user)` });

describe("fitSummary", () => {
  it("leaves a summary that fits and keeps its names alone", () => {
    const text = "## Goal\nMove `getAccount` callers.\n## Open items\n- src/cli/accounts.ts";
    const fitted = fitSummary({
      text,
      required: [sighting("getAccount", 1), sighting("src/cli/accounts.ts", 2)],
      maxTokens: 500,
      count: countTokens,
      fileHasEntries: false,
    });
    expect(fitted).toEqual({ text, spilled: [], droppedLines: 0 });
  });

  it("lists lost names newest first while they fit and spills the rest, with the pointer to the file", () => {
    const required = Array.from({ length: 60 }, (_, i) => sighting(`src/mod${i}/file${i}.ts`, i + 1));
    const fitted = fitSummary({ text: "## Goal\nMigrate.", required, maxTokens: 200, count: countTokens, fileHasEntries: false });
    expect(countTokens(fitted.text)).toBeLessThanOrEqual(200);
    expect(fitted.text).toContain("## Names and paths\n- `src/mod59/file59.ts`");
    expect(fitted.text).toContain(NAMES_FILE_NOTICE);
    expect(fitted.spilled.length).toBeGreaterThan(0);
    expect(fitted.spilled.every((s) => !fitted.text.includes(`\`${s.name}\``))).toBe(true);
    expect(Math.max(...fitted.spilled.map((s) => s.seq))).toBeLessThan(59);
  });

  it("drops the oldest items of the largest section first and keeps the pointer when the file already has entries", () => {
    const decisions = Array.from({ length: 80 }, (_, i) => `- Decision ${i}: keep the flags unchanged for now.`);
    const text = ["## Goal", "Migrate.", "## Decisions", ...decisions, "## Open items", "- Finish the CLI."].join("\n");
    const fitted = fitSummary({ text, required: [], maxTokens: 300, count: countTokens, fileHasEntries: true });
    expect(countTokens(fitted.text)).toBeLessThanOrEqual(300);
    expect(fitted.droppedLines).toBeGreaterThan(0);
    expect(fitted.text).toContain("- Decision 79:");
    expect(fitted.text).not.toContain("- Decision 0:");
    expect(fitted.text).toContain("- Finish the CLI.");
    expect(fitted.text).toContain(NAMES_FILE_NOTICE);
  });

  it("rebuilds the summarizer's own unbounded names section", () => {
    const names = Array.from({ length: 300 }, (_, i) => `- pathNumber${i}Here`).join("\n");
    const fitted = fitSummary({
      text: `## Goal\nMigrate.\n## Names and paths\n${names}`,
      required: [sighting("pathNumber299Here", 9)],
      maxTokens: 100,
      count: countTokens,
      fileHasEntries: false,
    });
    expect(fitted.text).toBe("## Goal\nMigrate.\n\n## Names and paths\n- `pathNumber299Here`");
  });
});
