"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { ConflictBar } from "./conflict-bar";
import { FileHeader } from "./file-header";
import { DiffView, HistoryPanel, MarkdownEditor } from "./lazy-views";
import { isDirty } from "./open-file-state";
import { PathForm } from "./path-form";
import type { OpenFile } from "./use-open-file";
import type { WorkspaceApi } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";

type FilePaneProps = {
  api: WorkspaceApi;
  file: OpenFile;
  /** Something changed on the server because of the person: refresh the list. */
  onChanged: () => void;
  /** Where the open file's original bytes download from, when it is an attachment. */
  downloadUrl?: string | null;
};

/** The open file: header, conflict bar and either the editor, a comparison or the history. */
export function FilePane({ api, file, onChanged, downloadUrl }: FilePaneProps) {
  const { state } = file;
  const [historyOpen, setHistoryOpen] = useState(false);
  const [comparing, setComparing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  if (state.status === "none") {
    return (
      <p className="p-4 text-sm text-neutral-500" data-testid="file-pane-empty">
        Pick a file to read or edit it.
        {/* A key for physical keyboards: hidden on touch screens, like the composer's hint. */}
        <span className="pointer-coarse:hidden"> Press Ctrl+S (⌘S) to save.</span>
      </p>
    );
  }
  if (state.status === "loading") return <Spinner label={`Opening ${state.path}`} className="p-4" />;
  if (state.status === "failed") {
    return (
      <div className="p-3">
        <Alert
          data-testid="file-load-error"
          action={
            <Button size="sm" onClick={() => file.open(state.path)}>
              Try again
            </Button>
          }
        >
          Could not open “{state.path}”: {state.message}
          {state.missing && " It opens here as soon as it exists."}
        </Alert>
      </div>
    );
  }

  const ready = state.status === "ready" ? state : null;
  const dirty = isDirty(state);
  const conflict = ready?.conflict ?? null;
  const showCompare = comparing && conflict?.kind === "changed";

  const restore = async (version: number) => {
    await api.restore(state.path, version, ready?.base.version ?? null);
    onChanged();
    // The restore is done; if loading it fails, the list watcher brings the new version in anyway.
    await file.reload(state.path, `Restored version ${version}`).catch(() => undefined);
  };

  const rename = async (to: string) => {
    if (!ready) return;
    const moved = await api.rename(ready.path, to, ready.base.version);
    file.renamed(ready.path, moved);
    setRenaming(false);
    onChanged();
  };

  const remove = async () => {
    setConfirmingDelete(false);
    if (!ready) return;
    setActionError(null);
    try {
      await api.remove(ready.path, ready.base.version);
      file.close();
      onChanged();
    } catch (e) {
      setActionError(`Could not delete “${ready.path}”: ${readableError(e)}`);
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <FileHeader
        path={state.path}
        version={ready?.base.version ?? null}
        lastAuthor={ready?.base.lastAuthor ?? null}
        dirty={dirty}
        saving={ready?.saving ?? false}
        historyOpen={historyOpen}
        editable={ready !== null}
        onSave={() => void file.save()}
        onToggleHistory={() => setHistoryOpen((v) => !v)}
        onRename={() => setRenaming((v) => !v)}
        onDelete={() => setConfirmingDelete(true)}
        downloadUrl={downloadUrl}
      />
      {renaming && ready && (
        <PathForm
          label={`Rename “${ready.path}” to`}
          submitLabel="Rename"
          initialPath={ready.path}
          testId="file-rename-form"
          onSubmit={rename}
          onCancel={() => setRenaming(false)}
        />
      )}
      {ready?.notice && (
        <p role="status" data-testid="file-notice" className="border-b border-blue-200 bg-blue-50 px-3 py-1 text-xs text-blue-800">
          {ready.notice}
        </p>
      )}
      {state.status === "gone" && (
        <p role="status" className="border-b border-neutral-200 bg-neutral-50 px-3 py-2 text-sm text-neutral-700" data-testid="file-gone">
          {state.message}
        </p>
      )}
      {(ready?.error || actionError) && (
        <Alert
          className="m-2"
          data-testid="file-error"
          action={
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setActionError(null);
                file.dispatch({ type: "dismissError" });
              }}
            >
              Dismiss
            </Button>
          }
        >
          {actionError ?? ready?.error}
        </Alert>
      )}
      {conflict && ready && (
        <ConflictBar
          conflict={conflict}
          saving={ready.saving}
          comparing={showCompare}
          onKeepMine={() => void file.keepMine().then((ok) => ok && setComparing(false))}
          onTakeTheirs={() => {
            setComparing(false);
            file.takeTheirs();
          }}
          onToggleCompare={() => setComparing((v) => !v)}
        />
      )}
      {showCompare && conflict?.kind === "changed" && ready && (
        <DiffView
          key={conflict.theirs.version}
          before={conflict.theirs.content}
          after={ready.draft}
          beforeLabel={`their version ${conflict.theirs.version}`}
          afterLabel="your edits"
          testId="conflict-diff"
        />
      )}
      {historyOpen && !showCompare && (
        <HistoryPanel
          api={api}
          path={state.path}
          current={ready ? { content: ready.base.content, version: ready.base.version } : null}
          dirty={dirty}
          onRestore={restore}
        />
      )}
      {/* Kept mounted while hidden so undo history and cursor survive a look at the history. */}
      {ready && (
        <div className={`flex min-h-0 flex-1 flex-col ${historyOpen || showCompare ? "hidden" : ""}`}>
          {/* Tab indents inside CodeMirror; its Escape-then-Tab is the way out, so say so. */}
          <p className="shrink-0 border-b border-neutral-200 px-3 py-0.5 text-[11px] text-neutral-600" data-testid="editor-keys">
            Tab indents · <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor
          </p>
          <div className="min-h-0 flex-1">
            <MarkdownEditor value={ready.draft} onChange={file.edit} label={`Contents of ${ready.path}`} />
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete “${state.path}”?`}
        description={
          dirty
            ? "Your unsaved edits will be lost. The saved versions stay in the history and can be restored."
            : "Its versions stay in the history and can be restored."
        }
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </div>
  );
}
