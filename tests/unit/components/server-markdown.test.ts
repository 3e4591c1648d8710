import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "@/components/chat/markdown";
import { keepServerMarkdown, markdownSourceHash, serverMarkdown } from "@/components/chat/server-markdown";

/** The server copy's rows as the browser would find them: what keepServerMarkdown reads of a row. */
function copyWith(rows: Array<{ key: string; text: string; html: string }>) {
  const elements = rows.map((r) => ({
    getAttribute: (name: string) => ({ "data-md-key": r.key, "data-md-hash": markdownSourceHash(r.text) })[name] ?? null,
    querySelector: (selector: string) => (selector === "pre" && r.html.includes("<pre") ? {} : null),
    innerHTML: r.html,
  }));
  return {
    querySelectorAll: (selector: string) => {
      expect(selector).toBe("[data-server-copy] [data-md-key]");
      return elements;
    },
  } as unknown as ParentNode;
}

describe("reusing the server's rendering of the first screen", () => {
  it("gives the server's HTML for exactly the text it rendered, and nothing for an edited text", () => {
    keepServerMarkdown(copyWith([{ key: "a1:0", text: "**hello**", html: "<p><strong>hello</strong></p>" }]));
    expect(serverMarkdown("a1:0", "**hello**")).toBe("<p><strong>hello</strong></p>");
    expect(serverMarkdown("a1:0", "**hello** again")).toBeUndefined();
    expect(serverMarkdown("a2:0", "**hello**")).toBeUndefined();
  });

  it("leaves blocks with code to the live chat, which colours them", () => {
    keepServerMarkdown(copyWith([{ key: "c1:0", text: "```ts\nx\n```", html: '<pre><code class="language-ts">x</code></pre>' }]));
    expect(serverMarkdown("c1:0", "```ts\nx\n```")).toBeUndefined();
  });

  it("is what Markdown renders for a kept part, and a changed text is parsed as usual", () => {
    keepServerMarkdown(copyWith([{ key: "m9:0", text: "plain words", html: "<p>as the server sent it</p>" }]));
    const kept = renderToStaticMarkup(createElement(Markdown, { text: "plain words", cacheKey: "m9:0" }));
    expect(kept).toContain("<p>as the server sent it</p>");
    expect(kept).toContain(`data-md-hash="${markdownSourceHash("plain words")}"`);
    const edited = renderToStaticMarkup(createElement(Markdown, { text: "*edited* words", cacheKey: "m9:0" }));
    expect(edited).toContain("<em>edited</em>");
  });

  it("hashes texts apart, including ones of the same length", () => {
    expect(markdownSourceHash("abc")).toBe(markdownSourceHash("abc"));
    expect(markdownSourceHash("abc")).not.toBe(markdownSourceHash("abd"));
    expect(markdownSourceHash("ab")).not.toBe(markdownSourceHash("abc"));
  });
});
