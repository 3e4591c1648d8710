"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { api as apiClient } from "@/components/api/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { clearDraft } from "./draft-stash";
import { FilePane } from "./file-pane";
import { useFileHashLink, writeFileHash } from "./file-hash";
import { DeletedFiles } from "./deleted-files";
import { FileTree } from "./file-tree";
import { isDirty } from "./open-file-state";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";
import { useOpenFile } from "./use-open-file";
import { useRemoteChanges } from "./use-remote-changes";
import { useWarnBeforeUnload } from "./use-warn-before-unload";
import { useWorkspaceFiles } from "./use-workspace-files";
import { attachmentUrl, isAttachmentPath } from "@/components/chat/attachments/upload";

type WorkspacePanelProps = { threadId: string; onClose?: () => void };

/**
 * The thread's workspace beside the chat: the files the agent keeps its plans in, and an editor
 * for the person. Saves are compare-and-set on the version loaded, so the agent's changes and the
 * person's never overwrite each other silently.
 */
export function WorkspacePanel({ threadId, onClose }: WorkspacePanelProps) {
  // A fresh panel per thread: no file, draft or request of one thread can leak into another.
  return <ThreadWorkspace key={threadId} threadId={threadId} onClose={onClose} />;
}

function ThreadWorkspace({ threadId, onClose }: WorkspacePanelProps) {
  const api = useMemo(() => apiClient.files(threadId), [threadId]);
  const list = useWorkspaceFiles(threadId);
  const file = useOpenFile(api, threadId, list.refresh);
  useRemoteChanges(api, list.files, file);

  const dirty = isDirty(file.state);
  const currentPath = file.state.status === "none" ? null : file.state.path;
  const saving = file.state.status === "ready" && file.state.saving;
  useWarnBeforeUnload(dirty);

  /** A file waiting for the person to decide what happens to unsaved edits. */
  const [pendingPath, setPendingPath] = useState<string | null>(null);

  const requestOpen = useCallback(
    (path: string) => {
      if (path === currentPath && file.state.status !== "failed") return;
      if (dirty) setPendingPath(path);
      else file.open(path);
    },
    [currentPath, dirty, file],
  );
  useFileHashLink(requestOpen);

  // The hash follows the open file; an untouched hash on first render is left for the link reader.
  const hashedPath = useRef<string | null>(null);
  useEffect(() => {
    if (currentPath === null && hashedPath.current === null) return;
    hashedPath.current = currentPath;
    writeFileHash(currentPath);
  }, [currentPath]);

  const resolvePending = async (choice: "save" | "discard" | "cancel") => {
    const next = pendingPath;
    if (choice === "save" && !(await file.save())) {
      setPendingPath(null); // the conflict bar or error now explains why it did not save
      writeFileHash(currentPath);
      return;
    }
    setPendingPath(null);
    if (choice === "cancel" || next === null) {
      writeFileHash(currentPath);
      return;
    }
    if (choice === "discard" && currentPath !== null) clearDraft(threadId, currentPath); // asked for: do not bring it back
    file.open(next);
  };

  const createFile = async (path: string) => {
    const created = await api.save(path, "", null); // the server validates the path and explains what is wrong
    list.refresh();
    requestOpen(created.path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "s") {
      e.preventDefault(); // never the browser's "Save page as"
      void file.save();
    }
  };

  return (
    <aside
      aria-label="Workspace"
      data-testid="workspace-panel"
      onKeyDown={onKeyDown}
      className="flex h-full min-h-0 w-full min-w-0 flex-col border-l border-neutral-200 bg-white"
    >
      <header className="flex h-12 shrink-0 items-center justify-between border-b border-neutral-200 px-3">
        <h2 className="text-sm font-medium text-neutral-800">Workspace</h2>
        {onClose && (
          <Button size="sm" variant="ghost" onClick={onClose} data-testid="workspace-close">
            Close
          </Button>
        )}
      </header>
      {list.error && (
        <Alert
          className="m-2"
          data-testid="workspace-error"
          action={
            <Button size="sm" variant="ghost" onClick={list.refresh}>
              Retry
            </Button>
          }
        >
          {list.error}
        </Alert>
      )}
      <div className="flex max-h-[38%] min-h-24 shrink-0 flex-col border-b border-neutral-200">
        <FileTree
          files={list.files}
          failed={list.error !== null}
          activePath={currentPath}
          activeDirty={dirty}
          onOpen={requestOpen}
          onCreate={createFile}
        >
          <DeletedFiles threadId={threadId} onRestored={requestOpen} />
        </FileTree>
      </div>
      <FilePane
        key={currentPath ?? ""}
        api={api}
        file={file}
        onChanged={list.refresh}
        downloadUrl={currentPath && isAttachmentPath(currentPath) ? attachmentUrl(threadId, currentPath, { download: true }) : null}
      />
      <UnsavedChangesDialog
        path={pendingPath === null ? null : currentPath}
        nextPath={pendingPath}
        saving={saving}
        onSave={() => void resolvePending("save")}
        onDiscard={() => void resolvePending("discard")}
        onCancel={() => void resolvePending("cancel")}
      />
    </aside>
  );
}
