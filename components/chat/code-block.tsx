"use client";

import type { Element, ElementContent } from "hast";
import { useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { useCodeWrap } from "./code-wrap";

type Props = ComponentProps<"pre"> & { node?: Element };

const BAR_BUTTON =
  "rounded px-1.5 py-0.5 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600";
// Wrapping, when chosen, is set on <html> before the first paint. The <pre> is the one box that
// scrolls (globals.css keeps highlight.js's <code> from scrolling on its own).
const SCROLL = [
  "overflow-x-auto text-[13px] leading-snug focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600",
  "[[data-code-wrap]_&]:whitespace-pre-wrap [[data-code-wrap]_&]:[overflow-wrap:anywhere]",
].join(" ");

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
 *
 * Its bar (language, wrap switch, copy) is drawn by the server too, so hydration moves nothing. The
 * block scrolls sideways unless wrapping is on (code-wrap-script.ts), and takes focus to be
 * scrolled by keyboard.
 */
export function CodeBlock({ node, children, ...props }: Props) {
  const code = codeChild(node);
  const language = languageOf(code);
  const text = code ? textOf(code.children) : "";
  const [wrap, toggleWrap] = useCodeWrap();
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
  return (
    <div data-testid="code-block" className="my-3 overflow-hidden rounded-md border border-neutral-200 bg-neutral-50">
      <div className="flex h-7 items-center gap-1 border-b border-neutral-200 pr-1 pl-3 text-xs text-neutral-600">
        <span className="mr-auto truncate font-mono">{language ?? "text"}</span>
        <button
          type="button"
          aria-pressed={wrap}
          onClick={toggleWrap}
          title={wrap ? "Long lines wrap; press to scroll them instead" : "Long lines scroll; press to wrap them"}
          className={`${BAR_BUTTON} aria-pressed:bg-neutral-200 aria-pressed:text-neutral-900`}
        >
          Wrap lines
        </button>
        <CopyButton text={() => text.replace(/\n$/, "")} what="code" className={BAR_BUTTON} />
      </div>
      <pre {...props} tabIndex={0} className={SCROLL}>
        {current ? highlighted.tree : children}
      </pre>
    </div>
  );
}
