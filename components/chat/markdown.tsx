"use client";

import { LRUCache } from "lru-cache";
import { memo, type ReactElement } from "react";
import renderMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { markdownSourceHash, serverMarkdown } from "./server-markdown";

// Styled here rather than with a typography plugin: one place decides how replies look.
const PROSE = [
  "min-w-0 break-words text-[15px] leading-relaxed text-neutral-900",
  "[&>*:first-child]:mt-0 [&>*:last-child]:mb-0",
  // Models use single newlines as line breaks far more often than as paragraph wrapping.
  "[&_p]:my-2.5 [&_p]:whitespace-pre-line",
  "[&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold",
  "[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
  "[&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:font-semibold",
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5",
  "[&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-2",
  "[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-neutral-300 [&_blockquote]:pl-3 [&_blockquote]:text-neutral-600",
  "[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-neutral-100 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.875em]",
  "[&_code]:font-mono",
  "[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:border-neutral-200 [&_pre]:bg-neutral-50 [&_pre]:text-[13px] [&_pre]:leading-snug",
  "[&_pre>code]:block [&_pre>code]:p-3",
  "[&_table]:my-3 [&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse",
  "[&_th]:border [&_th]:border-neutral-300 [&_th]:bg-neutral-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left",
  "[&_td]:border [&_td]:border-neutral-300 [&_td]:px-2 [&_td]:py-1",
  "[&_hr]:my-4 [&_hr]:border-neutral-200",
].join(" ");

const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
  // Colours are added after hydration, by a highlighter loaded only for a block that names a language.
  pre: CodeBlock,
};

const remarkPlugins = [remarkGfm];

// Parsing is the bulk of rendering a message (a few ms each on the server, where every page open
// rendered every message again). One tree per message version, reused by every render in this
// process, server or browser; bounded by messages and by characters held.
const rendered = new LRUCache<string, { text: string; tree: ReactElement }>({
  max: 1000,
  maxSize: 2_000_000,
  sizeCalculation: (entry) => entry.text.length + 1,
});

function markdownTree(text: string, cacheKey: string | undefined): ReactElement {
  const hit = cacheKey === undefined ? undefined : rendered.get(cacheKey);
  if (hit && hit.text === text) return hit.tree;
  const tree = renderMarkdown({ children: text, remarkPlugins, components });
  // A reply still streaming replaces its own entry version by version instead of adding one each.
  if (cacheKey !== undefined) rendered.set(cacheKey, { text, tree });
  return tree;
}

/**
 * Memoised on the text: while a reply streams, only the growing part is parsed again. With a
 * cacheKey (the message id and part), a text already rendered in this process, or by the server
 * for this page's first screen, is not parsed again.
 */
export const Markdown = memo(function Markdown({ text, cacheKey }: { text: string; cacheKey?: string }) {
  if (cacheKey === undefined) return <div className={PROSE}>{markdownTree(text, undefined)}</div>;
  // Keyed and hashed so that the browser can take the server's HTML of this text (server-markdown.ts).
  const marks = { "data-md-key": cacheKey, "data-md-hash": markdownSourceHash(text) };
  const html = serverMarkdown(cacheKey, text);
  // Keyed apart: a message edited while shown goes from the server's HTML to its own tree.
  if (html !== undefined) return <div key="server" className={PROSE} {...marks} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div key="parsed" className={PROSE} {...marks}>
      {markdownTree(text, cacheKey)}
    </div>
  );
});
