import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import renderMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { highlightCode, loadLanguage } from "@/components/chat/highlight-code";
import { Markdown } from "@/components/chat/markdown";
import { benchMessage } from "../../../bench/texts";

const ours = (text: string, cacheKey: string) => renderToStaticMarkup(createElement(Markdown, { text, cacheKey }));
/** Our rendering without its styled wrapper and each code block's bar (language, wrap, copy): chrome, not content. */
const oursInner = (text: string, cacheKey: string) =>
  ours(text, cacheKey)
    .replace(/^<div class="[^"]*"[^>]*>/, "")
    .replace(/<\/div>$/, "")
    .replace(/<div data-testid="code-block"[^>]*><div[^>]*>.*?<\/div><pre[^>]*>/gs, "<pre>")
    .replace(/<\/pre><\/div>/g, "</pre>");
// The stock pipeline: react-markdown with GitHub-flavoured markdown.
const stock = (text: string) => renderToStaticMarkup(renderMarkdown({ children: text, remarkPlugins: [remarkGfm] }));
const CODE = "```ts\nconst x: number = 1;\n```\n\n```python\ndef f():\n    return 2\n```\n\n```\nplain\n```";

describe("Markdown's code blocks", () => {
  it("render plain on the server and at hydration, with the fence's language as a class", () => {
    const html = ours(CODE, "hl:0");
    expect(html).toContain('<code class="language-ts">const x: number = 1;\n</code>');
    expect(html).toContain('<code class="language-python">def f():');
    expect(html).toContain("<code>plain\n</code>");
    expect(html).not.toContain("hljs");
  });

  it("are coloured by the lazily loaded highlighter with highlight.js's classes", async () => {
    // Nothing is coloured before its grammar is loaded.
    expect(highlightCode("def f():\n", "python")).toBeNull();
    expect(await loadLanguage("ts")).toBe(true);
    expect(await loadLanguage("python")).toBe(true);
    expect(await loadLanguage("no-such-language")).toBe(false);
    const html = renderToStaticMarkup(createElement("pre", null, highlightCode("const x: number = 1;\n", "ts")));
    expect(html).toBe(
      '<pre><code class="hljs language-ts"><span class="hljs-keyword">const</span> <span class="hljs-attr">x</span>: ' +
        '<span class="hljs-built_in">number</span> = <span class="hljs-number">1</span>;\n</code></pre>',
    );
    expect(renderToStaticMarkup(createElement("pre", null, highlightCode("def f():\n", "python")))).toContain(
      '<span class="hljs-keyword">def</span>',
    );
    // A grammar comes with those it embeds (typescript embeds javascript's html, which embeds css).
    expect(highlightCode("let a = 1", "js")).not.toBeNull();
    expect(renderToStaticMarkup(createElement("pre", null, highlightCode("<style>a { color: red }</style>", "html")))).toContain(
      'class="hljs-attribute">color</span>',
    );
    expect(highlightCode("whatever", "no-such-language")).toBeNull();
  });

  it("render message after message exactly as the stock pipeline does", () => {
    for (let i = 0; i < 40; i++) {
      const { text } = benchMessage(i);
      expect(oursInner(text, `same:${i}`)).toBe(stock(text));
    }
    expect(oursInner(CODE, "same:code")).toBe(stock(CODE));
  });
});
