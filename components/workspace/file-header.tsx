"use client";

import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { authorLabel } from "./format";

type FileHeaderProps = {
  path: string;
  /** The saved version the editor is based on; null when the file is gone. */
  version: number | null;
  lastAuthor: "agent" | "person" | null;
  dirty: boolean;
  saving: boolean;
  historyOpen: boolean;
  /** Only a live, loaded file can be saved, renamed or deleted. */
  editable: boolean;
  onSave: () => void;
  onToggleHistory: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** An attachment's original file, for a download link (null for other files). */
  downloadUrl?: string | null;
};

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The open file's name, state and actions. */
export function FileHeader(props: FileHeaderProps) {
  const { path, version, lastAuthor, dirty, saving, historyOpen, editable } = props;
  const hydrated = useHydrated(); // the server cannot know the platform; avoid a hydration mismatch
  const shortcut = hydrated && isMac() ? "⌘S" : "Ctrl+S";
  return (
    <div className="flex min-h-10 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-neutral-200 px-3 py-1.5">
      <h3 className="min-w-28 flex-1 truncate font-mono text-xs font-medium text-neutral-800" title={path} data-testid="file-path">
        {path}
      </h3>
      {dirty && (
        <span data-testid="file-unsaved" className="inline-flex items-center gap-1 text-xs text-amber-700">
          <span aria-hidden className="size-1.5 rounded-full bg-amber-500" />
          unsaved
        </span>
      )}
      {!dirty && version !== null && lastAuthor && (
        <span className="text-xs text-neutral-500" data-testid="file-version">
          v{version} · {authorLabel(lastAuthor)}
        </span>
      )}
      <div className="flex gap-1">
        <Button
          size="sm"
          variant={dirty ? "primary" : "secondary"}
          disabled={!editable || !dirty || saving}
          onClick={props.onSave}
          title={`Save (${shortcut})`}
          data-testid="file-save"
        >
          {saving ? "Saving…" : "Save"}
        </Button>
        {props.downloadUrl && (
          <a
            href={props.downloadUrl}
            download
            data-testid="file-download"
            className="inline-flex h-7 items-center rounded-md px-2 text-xs font-medium text-neutral-600 hover:bg-neutral-200/70 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Download
          </a>
        )}
        <Button size="sm" variant="ghost" onClick={props.onToggleHistory} aria-pressed={historyOpen} data-testid="file-history-toggle">
          History
        </Button>
        <Button size="sm" variant="ghost" disabled={!editable} onClick={props.onRename} data-testid="file-rename">
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!editable}
          onClick={props.onDelete}
          data-testid="file-delete"
          className="hover:text-red-700"
        >
          Delete
        </Button>
      </div>
    </div>
  );
}
