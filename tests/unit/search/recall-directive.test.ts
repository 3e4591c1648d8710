import { describe, expect, it } from "vitest";
import { parseDirectives } from "@/lib/ai/offline/directives";
import { recallQuery } from "@/lib/ai/offline/recall";

describe("the offline recall directive", () => {
  it("is a whole line outside code fences and keeps the query's case", () => {
    expect(parseDirectives("What was it?\nrecall getAccountHandler error").directives).toEqual([
      { kind: "tool", toolName: "search_history", input: { query: "getAccountHandler error" } },
    ]);
    expect(parseDirectives("please recall the error").directives).toEqual([]);
    expect(recallQuery("```\nrecall inside a fence\n```\nrecall outside")).toBe("outside");
    expect(recallQuery("no directive here")).toBeNull();
  });
});
