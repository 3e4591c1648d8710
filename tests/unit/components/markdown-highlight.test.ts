import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import renderMarkdown from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { Markdown } from "@/components/chat/markdown";
import { benchMessage } from "../../../bench/texts";

const ours = (text: string, cacheKey: string) => renderToStaticMarkup(createElement(Markdown, { text, cacheKey }));
/** Our rendering without its styled wrapper. */
const oursInner = (text: string, cacheKey: string) =>
  ours(text, cacheKey)
    .replace(/^<div class="[^"]*">/, "")
    .replace(/<\/div>$/, "");
// The stock pipeline: react-markdown with rehype-highlight attached afresh to each processor.
const stock = (text: string) =>
  renderToStaticMarkup(renderMarkdown({ children: text, remarkPlugins: [remarkGfm], rehypePlugins: [rehypeHighlight] }));

describe("Markdown's shared highlighter", () => {
  it("highlights fenced code by its language and leaves unlabelled code plain", () => {
    const text = "```ts\nconst x: number = 1;\n```\n\n```python\ndef f():\n    return 2\n```\n\n```\nplain\n```";
    const html = ours(text, "hl:0");
    expect(html).toContain('class="hljs language-ts"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-keyword">def</span>');
    expect(html).toContain("<code>plain\n</code>");
  });

  it("renders message after message exactly as the stock pipeline does", () => {
    for (let i = 0; i < 40; i++) {
      const { text } = benchMessage(i);
      expect(oursInner(text, `same:${i}`)).toBe(stock(text));
    }
  });
});
