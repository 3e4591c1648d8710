"use client";

import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";

// CodeMirror with its Markdown grammar, and the line diff, are most of the workspace's script,
// yet nothing shows them until a file is opened, compared or its history read. Loaded then, in
// their own chunks, they stay off the thread page's first load (Lighthouse: unused JavaScript).
// Browser only: the panel renders no file on the server.

export const MarkdownEditor = dynamic(() => import("./markdown-editor").then((m) => m.MarkdownEditor), {
  ssr: false,
  loading: () => <Spinner label="Loading the editor" className="p-4" />,
});

export const DiffView = dynamic(() => import("./diff-view").then((m) => m.DiffView), {
  ssr: false,
  loading: () => <Spinner label="Loading the comparison" className="p-4" />,
});

export const HistoryPanel = dynamic(() => import("./history-panel").then((m) => m.HistoryPanel), {
  ssr: false,
  loading: () => <Spinner label="Loading the history" className="p-4" />,
});
