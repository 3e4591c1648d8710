import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { EditorView } from "@uiw/react-codemirror";

/*
 * The editor's colors are the app's palette variables, so the one theme is right in light and in
 * dark mode (globals.css turns the palette around under .dark) and follows a switch without
 * reconfiguring the editor. Every text color keeps 4.5:1 against the editor's background.
 */
const v = (name: string) => `var(--color-${name})`;

const chrome = EditorView.theme({
  "&": { color: v("neutral-900"), backgroundColor: v("white") },
  "&.cm-focused": { outline: `2px solid ${v("blue-600")}`, outlineOffset: "-2px" },
  ".cm-content": { caretColor: v("neutral-900") },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: v("neutral-900") },
  ".cm-gutters": { backgroundColor: v("neutral-50"), color: v("neutral-600"), borderRight: `1px solid ${v("neutral-200")}` },
  ".cm-activeLine": { backgroundColor: v("neutral-50") },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground": {
    backgroundColor: v("blue-200"),
  },
  ".cm-searchMatch": { backgroundColor: v("amber-200") },
  ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": { backgroundColor: v("emerald-100") },
  ".cm-panels": { backgroundColor: v("neutral-50"), color: v("neutral-900") },
  ".cm-tooltip": { backgroundColor: v("white"), color: v("neutral-900"), border: `1px solid ${v("neutral-300")}` },
  ".cm-placeholder": { color: v("neutral-500") },
});

const highlight = HighlightStyle.define([
  { tag: tags.heading, fontWeight: "bold", color: v("neutral-950") },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strong, fontWeight: "bold" },
  { tag: tags.strikethrough, textDecoration: "line-through" },
  { tag: [tags.link, tags.url], color: v("blue-700"), textDecoration: "underline" },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: v("neutral-600") },
  { tag: tags.monospace, color: v("violet-800") },
  { tag: tags.keyword, color: v("violet-700") },
  { tag: [tags.atom, tags.bool, tags.labelName], color: v("blue-800") },
  { tag: [tags.literal, tags.inserted], color: v("emerald-800") },
  { tag: [tags.string, tags.deleted], color: v("red-800") },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: v("orange-800") },
  { tag: [tags.definition(tags.variableName), tags.definition(tags.propertyName)], color: v("blue-800") },
  { tag: [tags.typeName, tags.namespace, tags.className], color: v("teal-800") },
  { tag: tags.comment, color: v("amber-800") },
  { tag: tags.invalid, color: v("red-700") },
]);

export const editorTheme = [chrome, syntaxHighlighting(highlight)];
