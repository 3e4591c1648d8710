import { describe, expect, it } from "vitest";
import { plainTitle, titleFromModelText } from "@/lib/context/plain-title";

describe("plainTitle", () => {
  it("drops a code fence and keeps the code", () => {
    expect(plainTitle("```ts\nconst x = 1;\n```\nWhy does this fail?")).toBe("const x = 1; Why does this fail?");
  });

  it("keeps the words of headings, emphasis, links and inline code", () => {
    expect(plainTitle("## Plan for **Monday**\nSee [the doc](https://example.com) and `npm test`")).toBe(
      "Plan for Monday See the doc and npm test",
    );
  });

  it("keeps list items and an image's alt text", () => {
    expect(plainTitle("- eggs\n- milk\n\n![a cat](cat.png)")).toBe("eggs milk a cat");
  });

  it("cuts a long message at a word, with an ellipsis", () => {
    const title = plainTitle("word ".repeat(40))!;
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title.endsWith("word…")).toBe(true);
  });

  it("has no title for a message with no text", () => {
    expect(plainTitle("```\n```")).toBeUndefined();
    expect(plainTitle("   ")).toBeUndefined();
  });
});

describe("titleFromModelText", () => {
  it("keeps the first line as plain text, without the wrapping models add", () => {
    expect(titleFromModelText('Title: "Auth module migration plan".\n\nThis title names the subject.')).toBe("Auth module migration plan");
    expect(titleFromModelText("**Q3 budget summary**")).toBe("Q3 budget summary");
    expect(titleFromModelText("\n  “Weekly report”  \n")).toBe("Weekly report");
  });

  it("cuts a long answer at a word and has none for an empty one", () => {
    expect(titleFromModelText("word ".repeat(40))!.length).toBeLessThanOrEqual(60);
    expect(titleFromModelText("  \n ")).toBeNull();
    expect(titleFromModelText('""')).toBeNull();
  });
});
