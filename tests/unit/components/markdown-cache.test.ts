import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "@/components/chat/markdown";

const html = (text: string, cacheKey: string) => renderToStaticMarkup(createElement(Markdown, { text, cacheKey }));

describe("Markdown's rendering cache", () => {
  it("renders a new version of a message under the same key, never the cached old one", () => {
    const first = html("**one**", "m1:0");
    expect(first).toContain("<strong>one</strong>");
    expect(html("**one**", "m1:0")).toBe(first);
    expect(html("**one** and `two`", "m1:0")).toContain("<code>two</code>");
  });

  it("keeps messages apart by key", () => {
    html("alpha", "a:0");
    expect(html("beta", "b:0")).toContain("beta");
    expect(html("alpha", "a:0")).toContain("alpha");
  });
});
