import { describe, expect, it } from "vitest";
import { plainTitle } from "@/lib/chat/plain-title";

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
