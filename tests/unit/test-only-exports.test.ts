import path from "node:path";
import { describe, expect, it } from "vitest";
import { testOnlyExports } from "../../scripts/test-only-exports.mjs";

// No export of lib/ exists only for a test (issue 41): a test reaches the app through the entry
// points the app uses, or through a module swap (tests/support/test-modules.mjs). These remain,
// each with why; the list only shrinks, and an entry the app starts to use must leave it.
const REMAINING: Record<string, string> = {
  "lib/routines/scheduler.ts: stopScheduler": "tests stop the in-process scheduler they start",
};

describe("exports of lib/ used only by tests", () => {
  it("are none beyond the listed remainder, and every listed one is still test-only", () => {
    const found = testOnlyExports(path.resolve(import.meta.dirname, "../..")).map(({ file, name }) => `${file}: ${name}`);
    expect(found.filter((entry) => !(entry in REMAINING))).toEqual([]);
    expect(Object.keys(REMAINING).filter((entry) => !found.includes(entry))).toEqual([]);
  });
});
