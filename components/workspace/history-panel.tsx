"use client";

import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { DiffView } from "./diff-view";
import { authorLabel, formatWhen } from "./format";
import type { VersionContent, VersionMeta } from "./types";
import type { WorkspaceApi } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";

type HistoryPanelProps = {
  api: WorkspaceApi;
  path: string;
  /** The saved content and version the diff compares against; null when the file is deleted. */
  current: { content: string; version: number } | null;
  /** Restoring replaces the editor's content, so it waits until local edits are saved or discarded. */
  dirty: boolean;
  onRestore: (version: number) => Promise<void>;
};

type Selected = { meta: VersionMeta; content: VersionContent | null; error: string | null };

/** A file's versions, newest first; one can be compared with the current content and restored. */
export function HistoryPanel({ api, path, current, dirty, onRestore }: HistoryPanelProps) {
  const [versions, setVersions] = useState<VersionMeta[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const currentVersion = current?.version ?? null;

  // Reloaded whenever the file gets a new version, so the list never lags behind the editor.
  useEffect(() => {
    let live = true;
    api.versions(path).then(
      (list) => {
        if (!live) return;
        setVersions(list);
        setListError(null);
      },
      (e: unknown) => {
        if (live) setListError(`Could not load the history: ${readableError(e)}`);
      },
    );
    return () => {
      live = false;
    };
  }, [api, path, currentVersion]);

  const select = (meta: VersionMeta) => {
    setRestoreError(null);
    setSelected({ meta, content: null, error: null });
    api.readVersion(path, meta.version).then(
      (content) => setSelected((s) => (s?.meta.version === meta.version ? { ...s, content } : s)),
      (e: unknown) => setSelected((s) => (s?.meta.version === meta.version ? { ...s, error: readableError(e) } : s)),
    );
  };

  const restore = async (version: number) => {
    setRestoring(true);
    setRestoreError(null);
    try {
      await onRestore(version);
      setSelected(null);
    } catch (e) {
      setRestoreError(`Could not restore version ${version}: ${readableError(e)}`);
    } finally {
      setRestoring(false);
    }
  };

  const oldContent = selected?.content?.content;
  return (
    <section aria-label={`History of ${path}`} data-testid="file-history" className="flex min-h-0 flex-1 flex-col">
      {listError && <Alert className="m-2">{listError}</Alert>}
      {!versions && !listError && <Spinner label="Loading history" className="px-3 py-2" />}
      <ol className="max-h-[40%] shrink-0 overflow-y-auto border-b border-neutral-200 py-1">
        {versions?.map((v) => {
          const isSelected = selected?.meta.version === v.version;
          return (
            <li key={v.version}>
              <button
                type="button"
                data-testid="version-item"
                data-version={v.version}
                data-author={v.author}
                aria-current={isSelected ? "true" : undefined}
                onClick={() => select(v)}
                className={`flex w-full items-center gap-2 px-3 py-1 text-left text-xs focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${isSelected ? "bg-blue-50" : "hover:bg-neutral-100"}`}
              >
                <span className="w-8 shrink-0 font-mono text-neutral-600">v{v.version}</span>
                <span className="min-w-0 flex-1 truncate">
                  {v.deleted ? "deleted" : "saved"} by {authorLabel(v.author)}
                  {v.version === currentVersion && <span className="ml-1.5 rounded bg-neutral-200 px-1 text-[10px]">current</span>}
                </span>
                <time dateTime={v.createdAt} title={new Date(v.createdAt).toLocaleString()} className="shrink-0 text-neutral-600">
                  {formatWhen(v.createdAt)}
                </time>
              </button>
            </li>
          );
        })}
      </ol>
      {!selected && versions && (
        <p className="px-3 py-2 text-xs text-neutral-500">Pick a version to compare it with the current content.</p>
      )}
      {selected && (
        <div className="flex min-h-0 flex-1 flex-col">
          <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-3 py-1.5">
            <span className="text-xs font-medium text-neutral-700">Version {selected.meta.version}</span>
            {dirty && <span className="text-xs text-amber-700">Save or discard your unsaved edits before restoring.</span>}
            <Button
              size="sm"
              className="ml-auto"
              data-testid="version-restore"
              disabled={dirty || restoring || selected.meta.deleted || selected.meta.version === currentVersion || oldContent == null}
              onClick={() => void restore(selected.meta.version)}
            >
              {restoring ? "Restoring…" : "Restore this version"}
            </Button>
          </div>
          {restoreError && <Alert className="m-2">{restoreError}</Alert>}
          {selected.error && (
            <Alert className="m-2">
              Could not load version {selected.meta.version}: {selected.error}
            </Alert>
          )}
          {selected.meta.deleted && <p className="px-3 py-2 text-xs text-neutral-500">This entry records a deletion; it has no content.</p>}
          {!selected.meta.deleted && !selected.error && oldContent === undefined && (
            <Spinner label="Loading version" className="px-3 py-2" />
          )}
          {typeof oldContent === "string" && (
            <DiffView
              key={selected.meta.version}
              before={oldContent}
              after={current?.content ?? ""}
              beforeLabel={`version ${selected.meta.version}`}
              afterLabel={current ? "the current file" : "the deleted file (empty)"}
              testId="version-diff"
            />
          )}
        </div>
      )}
    </section>
  );
}
