import { describe, expect, it } from "vitest";
import { foldLongValues, prettyJson } from "@/lib/words/fold-json";

describe("raw tool data, folded", () => {
  it("cuts long strings anywhere in the value to their start and counts what was folded", () => {
    const content = "x".repeat(250);
    const { value, folded } = foldLongValues({ path: "plan.md", content, nested: [{ body: "y".repeat(241) }, 3, null, true] }, 240);
    expect(folded).toBe(2);
    expect(value).toEqual({
      path: "plan.md",
      content: `${"x".repeat(240)}… (10 more characters)`,
      nested: [{ body: `${"y".repeat(240)}… (1 more character)` }, 3, null, true],
    });
  });

  it("leaves a value without long strings as it is, and prints it indented", () => {
    const input = { path: "plan.md", startLine: 1 };
    expect(foldLongValues(input)).toEqual({ value: input, folded: 0 });
    expect(prettyJson(input)).toBe('{\n  "path": "plan.md",\n  "startLine": 1\n}');
    expect(prettyJson(undefined)).toBe("(nothing)");
  });
});
