import { describe, expect, it } from "vitest";
import { latestRunIndex } from "@/lib/context";

describe("latestRunIndex", () => {
  it("is -1 for an empty transcript", () => {
    expect(latestRunIndex([])).toBe(-1);
  });

  it("is -1 when no message starts a run", () => {
    expect(latestRunIndex([{}, { runStart: false }, {}])).toBe(-1);
  });

  it("returns the last run start, not the first", () => {
    expect(latestRunIndex([{ runStart: true }, {}, { runStart: true }, {}, {}])).toBe(2);
  });

  it("finds a run start at index 0 and at the very end", () => {
    expect(latestRunIndex([{ runStart: true }, {}])).toBe(0);
    expect(latestRunIndex([{}, {}, { runStart: true }])).toBe(2);
  });
});
