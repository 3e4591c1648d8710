import { describe, expect, it } from "vitest";
import { decodeSearchCursor, encodeSearchCursor } from "@/lib/search/cursor";
import { fts5Phrase, likeContains, parseSearchQuery } from "@/lib/search/query";
import { makeSnippet } from "@/lib/search/snippet";

describe("parseSearchQuery", () => {
  it("keeps prose words as stemmed words, identifiers and paths as exact terms", () => {
    expect(parseSearchQuery("deploying (see src/api/accounts.ts) getAccountHandler v2, why?").terms).toEqual([
      { kind: "word", text: "deploying", tokens: ["deploying"] },
      { kind: "word", text: "see", tokens: ["see"] },
      { kind: "exact", text: "src/api/accounts.ts", tokens: ["src", "api", "accounts", "ts"] },
      { kind: "exact", text: "getAccountHandler", tokens: ["getaccounthandler"] },
      { kind: "exact", text: "v2", tokens: ["v2"] },
      { kind: "word", text: "why", tokens: ["why"] },
    ]);
  });

  it("turns FTS operators, quotes, parentheses and NUL into plain data", () => {
    const q = parseSearchQuery('foo AND NOT bar* OR NEAR(x y) "unbalanced ) phrase \u0000 text:col ^');
    expect(q.terms.map((t) => t.text)).toEqual(["foo", "AND", "NOT", "bar", "OR", "NEAR(x", "y", "unbalanced ) phrase text:col ^"]);
    for (const t of q.terms) expect(fts5Phrase(t.tokens)).toMatch(/^"[\p{L}\p{N} ]+"$/u);
  });

  it("answers nothing for punctuation only, and bounds the number of terms", () => {
    expect(parseSearchQuery('"" () *** ---').terms).toEqual([]);
    expect(parseSearchQuery(Array.from({ length: 40 }, (_, i) => `w${i}x`).join(" ")).terms).toHaveLength(12);
  });

  it("escapes LIKE wildcards", () => {
    expect(likeContains("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});

describe("makeSnippet", () => {
  it("escapes the text and marks stemmed words and exact terms only", () => {
    const terms = parseSearchQuery("deploy src/a.ts").terms;
    expect(makeSnippet("We <b>deployed</b> src/a.ts & redeploy", terms)).toBe(
      "We &lt;b&gt;<mark>deployed</mark>&lt;/b&gt; <mark>src/a.ts</mark> &amp; redeploy",
    );
  });

  it("cuts a long text around the first match, on word edges", () => {
    const text = `${"alpha ".repeat(50)}needle ${"omega ".repeat(60)}`;
    const s = makeSnippet(text, parseSearchQuery("needle").terms);
    expect(s.startsWith("…alpha")).toBe(true);
    expect(s.endsWith("…")).toBe(true);
    expect(s).toContain("<mark>needle</mark>");
    expect(s.length).toBeLessThan(300);
  });
});

describe("search cursor", () => {
  it("round-trips for the same query and refuses another query's or a forged cursor", () => {
    const c = encodeSearchCursor("deploy", 20);
    expect(decodeSearchCursor("deploy", c)).toBe(20);
    expect(() => decodeSearchCursor("other", c)).toThrow(/cursor/);
    expect(() => decodeSearchCursor("deploy", "not-base64-json")).toThrow(/cursor/);
    expect(() => decodeSearchCursor("deploy", Buffer.from('{"o":-1}').toString("base64url"))).toThrow(/cursor/);
  });
});
