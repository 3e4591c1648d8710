import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString } from "mdast-util-to-string";

const MAX_TITLE_CHARS = 60;

/**
 * A chat's name taken from its first message, as plain text: the message is markdown, and a title
 * that starts with "```" or "## " tells a person nothing. Each block's text (a code block's code,
 * a link's words, an image's alt text) is kept, joined by spaces, cut at a word with an ellipsis.
 */
export function plainTitle(markdown: string): string | undefined {
  const text = plainText(markdown);
  if (text.length <= MAX_TITLE_CHARS) return text || undefined;
  const cut = text.slice(0, MAX_TITLE_CHARS - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > MAX_TITLE_CHARS / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** Markdown's words as one line of plain text (see plainTitle). */
export function plainText(markdown: string): string {
  return blockTexts(fromMarkdown(markdown)).join(" ").replace(/\s+/g, " ").trim();
}

/**
 * What a model answered when asked for a title, as a title: its first line, plain text, without
 * the wrapping a model adds anyway ("Title: ...", quotes, a closing period), cut at a word. Null
 * when nothing is left.
 */
export function titleFromModelText(answer: string): string | null {
  const line = answer.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  const text = plainText(line)
    .replace(/^title\s*:\s*/i, "")
    .replace(/^["'“‘«\s]+|["'”’».!:;,\s]+$/g, "");
  return text ? (plainTitle(text) ?? null) : null;
}

// Blocks that hold text directly; lists, quotes and tables only hold blocks, which would run
// together ("eggsmilk") if read as one string.
const TEXT_BLOCKS = new Set(["paragraph", "heading", "code", "tableCell"]);

function blockTexts(node: Nodes): string[] {
  if (TEXT_BLOCKS.has(node.type)) return [toString(node, { includeImageAlt: true })];
  return "children" in node ? node.children.flatMap((child) => blockTexts(child as Nodes)) : [];
}
