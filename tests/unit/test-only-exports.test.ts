import path from "node:path";
import { describe, expect, it } from "vitest";
import { testOnlyExports } from "../../scripts/test-only-exports.mjs";

// No export of lib/ exists only for a test (issue 41): a test reaches the app through the entry
// points the app uses, through a module swap (tests/support/test-modules.mjs) or through the
// process state the app keeps on globalThis (tests/support/db-slot.ts).
describe("exports of lib/ used only by tests", () => {
  it("are none", () => {
    const found = testOnlyExports(path.resolve(import.meta.dirname, "../..")).map(({ file, name }) => `${file}: ${name}`);
    expect(found).toEqual([]);
  });
});
