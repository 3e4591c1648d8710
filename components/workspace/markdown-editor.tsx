"use client";

import { markdown, markdownLanguage } from "@codemirror/lang-markdown";
import { languages } from "@codemirror/language-data";
import CodeMirror, { EditorView } from "@uiw/react-codemirror";
import { useMemo } from "react";
import { editorTheme } from "./editor-theme";

// Built once: a new extensions array would make CodeMirror reconfigure on every render.
// language-data loads a grammar only when a fenced block names it, so this stays light.
const BASE_EXTENSIONS = [markdown({ base: markdownLanguage, codeLanguages: languages }), EditorView.lineWrapping];

type MarkdownEditorProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  readOnly?: boolean;
};

/** CodeMirror 6 with Markdown (GFM) and highlighted fenced code. Saving is handled by the panel. */
export function MarkdownEditor({ value, onChange, label, readOnly = false }: MarkdownEditorProps) {
  // The label goes on the editable element itself, which is what screen readers focus.
  const extensions = useMemo(() => [...BASE_EXTENSIONS, EditorView.contentAttributes.of({ "aria-label": label })], [label]);
  return (
    <div data-testid="file-editor" className="h-full min-h-0 overflow-hidden text-sm">
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        readOnly={readOnly}
        height="100%"
        className="h-full"
        theme={editorTheme}
        basicSetup={{ foldGutter: false, highlightActiveLineGutter: false }}
      />
    </div>
  );
}
