"use client";

import type { Element, ElementContent } from "hast";
import { useEffect, useState, type ComponentProps, type ReactNode } from "react";

type Props = ComponentProps<"pre"> & { node?: Element };

/** The fenced block's `<code>` child, as react-markdown's tree has it. */
function codeChild(node: Element | undefined): Element | undefined {
  return node?.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
}

/** The language a fence names (```ts gives className ["language-ts"]), if any. */
function languageOf(code: Element | undefined): string | undefined {
  const names = code?.properties.className;
  if (!Array.isArray(names)) return undefined;
  const name = names.map(String).find((n) => n.startsWith("language-"));
  return name?.slice("language-".length) || undefined;
}

const textOf = (nodes: ElementContent[]): string =>
  nodes.map((n) => (n.type === "text" ? n.value : n.type === "element" ? textOf(n.children) : "")).join("");

/**
 * A fenced code block. It renders plain, on the server and at hydration; the highlighter and the
 * one grammar a block names are loaded after that (all of highlight.js's common grammars were
 * about 180 KB of script on every page): a page without code loads none of it, and one with code
 * shows the text at once and its colours a moment later.
 */
export function CodeBlock({ node, children, ...props }: Props) {
  const code = codeChild(node);
  const language = languageOf(code);
  const text = code ? textOf(code.children) : "";
  const [highlighted, setHighlighted] = useState<{ language: string; text: string; tree: ReactNode } | null>(null);

  useEffect(() => {
    if (!language) return;
    let live = true;
    void import("./highlight-code").then(async ({ highlightCode, loadLanguage }) => {
      if (!(await loadLanguage(language))) return;
      const tree = highlightCode(text, language);
      if (live && tree) setHighlighted({ language, text, tree });
    });
    return () => {
      live = false;
    };
  }, [language, text]);

  // A block whose text changed since (a reply still streaming) shows plain until it is coloured again.
  const current = highlighted?.text === text && highlighted.language === language;
  return <pre {...props}>{current ? highlighted.tree : children}</pre>;
}
