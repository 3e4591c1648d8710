"use client";

import { LRUCache } from "lru-cache";
import { memo, type ReactElement } from "react";
import renderMarkdown, { defaultUrlTransform, type Components, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { MarkdownImage } from "./markdown-image";
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
  "[&_pre>code]:block [&_pre>code]:p-3",
  "[&_table]:border-collapse",
  "[&_th]:border [&_th]:border-neutral-300 [&_th]:bg-neutral-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left",
  "[&_td]:border [&_td]:border-neutral-300 [&_td]:px-2 [&_td]:py-1",
  "[&_hr]:my-4 [&_hr]:border-neutral-200",
].join(" ");

const components: Components = {
  // A footnote's link stays in the page; any other opens beside the chat.
  a: ({ node: _node, ...props }) =>
    props.href?.startsWith("#") ? <a {...props} /> : <a {...props} target="_blank" rel="noreferrer noopener" />,
  // Colours are added after hydration, by a highlighter loaded only for a block that names a language.
  pre: CodeBlock,
  img: MarkdownImage,
  // A wide table scrolls in its own box, which takes focus so a keyboard can scroll it.
  table: ({ node: _node, ...props }) => (
    <div tabIndex={0} className="my-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600">
      <table {...props} />
    </div>
  ),
  // A task list's box is read-only (GFM renders it disabled); its label says its state in words.
  input: ({ node: _node, ...props }) =>
    props.type === "checkbox" ? <input {...props} aria-label={props.checked ? "Done" : "Not done"} /> : <input {...props} />,
};

// Images may also be data: URLs of raster formats (the page's policy allows data: images; an
// <img> runs no script); everything else goes through react-markdown's safe-protocol filter.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
const urlTransform: UrlTransform = (url, key, node) =>
  key === "src" && node.tagName === "img" && DATA_IMAGE.test(url) ? url : defaultUrlTransform(url);

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
  // Footnote ids carry the message's key: two replies with a footnote 1 must not share an id.
  const remarkRehypeOptions = cacheKey === undefined ? undefined : { clobberPrefix: `${cacheKey.replace(/[^\w-]/g, "-")}-` };
  const tree = renderMarkdown({ children: text, remarkPlugins, remarkRehypeOptions, components, urlTransform });
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
