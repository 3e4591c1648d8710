import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { createLowlight } from "lowlight";
import { createElement, type ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { EMBEDDED, GRAMMARS, grammarOf } from "./highlight-grammars";

// Starts empty: grammars are registered as code blocks ask for them (loadLanguage).
const lowlight = createLowlight();

async function register(name: string, seen: Set<string>): Promise<void> {
  if (seen.has(name) || !Object.hasOwn(GRAMMARS, name)) return;
  seen.add(name);
  if (!lowlight.registered(name)) lowlight.register(name, (await GRAMMARS[name]()).default);
  await Promise.all((EMBEDDED[name] ?? []).map((embedded) => register(embedded, seen)));
}

/** Loads the grammar a fence names (and the ones it embeds); false for a language outside the set. */
export async function loadLanguage(language: string): Promise<boolean> {
  const name = grammarOf(language);
  if (!name) return false;
  await register(name, new Set());
  return true;
}

/**
 * A fenced block's `<code>`, coloured with highlight.js's classes (so its light and dark
 * stylesheets apply), or null for a language whose grammar is not loaded.
 */
export function highlightCode(text: string, language: string): ReactNode | null {
  if (!lowlight.registered(language)) return null;
  const tree = lowlight.highlight(language, text);
  return createElement("code", { className: `hljs language-${language}` }, toJsxRuntime(tree, { Fragment, jsx, jsxs, passKeys: true }));
}
