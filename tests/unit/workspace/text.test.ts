import { describe, expect, it } from "vitest";
import { replaceUnique, sliceLines } from "@/lib/workspace/text";

describe("replaceUnique", () => {
  it("replaces exactly one occurrence", () => {
    expect(replaceUnique("- [ ] a\n- [ ] b", "- [ ] a", "- [x] a")).toEqual({ ok: true, content: "- [x] a\n- [ ] b" });
  });
  it("reports missing and repeated text with the count", () => {
    expect(replaceUnique("abc", "x", "y")).toEqual({ ok: false, matches: 0 });
    expect(replaceUnique("- [ ] a\n- [ ] b", "- [ ]", "- [x]")).toEqual({ ok: false, matches: 2 });
  });
  it("treats $ patterns in the replacement literally", () => {
    expect(replaceUnique("cost: X", "X", "$& $1 $$")).toEqual({ ok: true, content: "cost: $& $1 $$" });
  });
  it("counts non-overlapping occurrences", () => {
    expect(replaceUnique("aaaa", "aa", "b")).toEqual({ ok: false, matches: 2 });
    expect(replaceUnique("", "a", "b")).toEqual({ ok: false, matches: 0 });
  });
});

describe("sliceLines", () => {
  const text = "one\ntwo\nthree\nfour\n";
  it("returns the whole file without a range", () => {
    expect(sliceLines(text)).toEqual({ content: text, startLine: 1, endLine: 4, totalLines: 4 });
    expect(sliceLines("")).toEqual({ content: "", startLine: 0, endLine: 0, totalLines: 0 });
  });
  it("returns an inclusive 1-based range, clamped", () => {
    expect(sliceLines(text, 2, 3)).toEqual({ content: "two\nthree", startLine: 2, endLine: 3, totalLines: 4 });
    expect(sliceLines(text, 3)).toEqual({ content: "three\nfour", startLine: 3, endLine: 4, totalLines: 4 });
    expect(sliceLines(text, undefined, 1)).toEqual({ content: "one", startLine: 1, endLine: 1, totalLines: 4 });
    expect(sliceLines(text, 2, 99).endLine).toBe(4);
  });
  it("returns nothing past the end or for an inverted range", () => {
    expect(sliceLines(text, 9, 12)).toEqual({ content: "", startLine: 9, endLine: 8, totalLines: 4 });
    expect(sliceLines(text, 3, 2).content).toBe("");
  });
  it("handles CRLF", () => {
    expect(sliceLines("a\r\nb\r\nc", 2, 2).content).toBe("b");
  });
});
