import { describe, expect, it } from "vitest";
import { extractNames, isPath } from "@/lib/ai/offline/extract";

describe("extractNames (offline summarizer)", () => {
  it("finds URLs, paths and identifiers in order of appearance, without splitting paths", () => {
    const text =
      "Edit lib/ai/tokenCounter.ts (see https://example.com/a/b.md). Then set OPENAI_BASE_URL, call `countTokens()` " +
      "and parseDirectives; check .env and write_file. Route: app/api/threads/[id]/route.ts.";
    const names = extractNames(text);
    expect(names.paths).toEqual(["lib/ai/tokenCounter.ts", ".env", "app/api/threads/[id]/route.ts"]);
    expect(names.urls).toEqual(["https://example.com/a/b.md"]);
    expect(names.identifiers).toEqual(["OPENAI_BASE_URL", "countTokens()", "parseDirectives", "write_file"]);
    expect(names.identifiers).not.toContain("tokenCounter"); // already inside a path
    expect(names.all[0]).toBe("lib/ai/tokenCounter.ts");
  });

  it.each([
    ["plan.md", true],
    ["docs/v2/migration-notes.md", true],
    ["./scripts/run", true],
    ["lib/ai/offline/", true],
    ["@ai-sdk/provider", true],
    ["and/or", false],
    ["TCP/IP", false],
    ["e.g", false],
    ["3.5", false],
    ["user@example.com", false],
  ])("isPath(%s) = %s", (value, expected) => {
    expect(isPath(value)).toBe(expected);
  });
});
