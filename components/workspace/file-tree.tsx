"use client";

import { useState, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authorLabel, formatBytes, formatWhen } from "./format";
import { groupByFolder } from "./group-by-folder";
import { PathForm } from "./path-form";
import type { FileMeta } from "./types";

type FileTreeProps = {
  files: FileMeta[] | null;
  /** The list could not be loaded (the panel shows why); no endless spinner then. */
  failed: boolean;
  activePath: string | null;
  activeDirty: boolean;
  onOpen: (path: string) => void;
  onCreate: (path: string) => Promise<void>;
  /** Under the live files (the deleted ones). */
  children?: ReactNode;
};

/** Up/Down move between files, so the list works like one control from the keyboard. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-testid="file-item"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (index === -1) return;
  e.preventDefault();
  items[Math.max(0, Math.min(items.length - 1, index + (e.key === "ArrowDown" ? 1 : -1)))]?.focus();
}

/** The workspace's files grouped by folder, with who wrote each last and its size. */
export function FileTree({ files, failed, activePath, activeDirty, onOpen, onCreate, children }: FileTreeProps) {
  const [creating, setCreating] = useState(false);
  const groups = files ? groupByFolder(files) : [];

  return (
    <section aria-label="Workspace files" className="flex min-h-0 flex-col">
      <div className="flex h-10 shrink-0 items-center gap-2 border-b border-neutral-200 px-3">
        <h2 className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">Files</h2>
        {files && <span className="text-xs text-neutral-500">{files.length}</span>}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => setCreating((v) => !v)}
          aria-expanded={creating}
          data-testid="file-new"
        >
          + New file
        </Button>
      </div>
      {creating && (
        <PathForm
          label="New file path"
          submitLabel="Create"
          placeholder="plans/notes.md"
          testId="file-new-form"
          onCancel={() => setCreating(false)}
          onSubmit={async (path) => {
            await onCreate(path);
            setCreating(false);
          }}
        />
      )}
      <div className="min-h-0 flex-1 overflow-y-auto py-1" onKeyDown={moveFocus}>
        {files === null && !failed && <Spinner label="Loading files" className="px-3 py-2" />}
        {files?.length === 0 && (
          <p className="px-3 py-2 text-xs text-neutral-500">No files yet. The agent keeps its plans and checklists here.</p>
        )}
        {groups.map((group) => (
          <ul key={group.folder} aria-label={group.folder || "Workspace root"} className="mb-1">
            {group.folder && (
              <li aria-hidden className="truncate px-3 pt-1.5 pb-0.5 font-mono text-[11px] text-neutral-500" title={group.folder}>
                {group.folder}/
              </li>
            )}
            {group.files.map(({ meta, name }) => {
              const active = meta.path === activePath;
              return (
                <li key={meta.path}>
                  <button
                    type="button"
                    data-testid="file-item"
                    data-path={meta.path}
                    data-author={meta.lastAuthor}
                    aria-current={active ? "true" : undefined}
                    title={`${meta.path} · version ${meta.version} · ${formatWhen(meta.updatedAt)}`}
                    onClick={() => onOpen(meta.path)}
                    className={`flex w-full items-center gap-2 py-1 pr-3 text-left text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${group.folder ? "pl-6" : "pl-3"} ${active ? "bg-blue-50 text-blue-900" : "text-neutral-800 hover:bg-neutral-100"}`}
                  >
                    <span className="min-w-0 flex-1 truncate font-mono text-xs">{name}</span>
                    {active && activeDirty && (
                      <>
                        <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-amber-500" />
                        <span className="sr-only">(unsaved)</span>
                      </>
                    )}
                    <span
                      className={`shrink-0 rounded px-1 text-[10px] font-medium ${meta.lastAuthor === "agent" ? "bg-violet-100 text-violet-800" : "bg-emerald-100 text-emerald-800"}`}
                    >
                      {authorLabel(meta.lastAuthor)}
                    </span>
                    <span className="w-12 shrink-0 text-right text-[11px] text-neutral-600 tabular-nums">{formatBytes(meta.size)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ))}
        {children}
      </div>
    </section>
  );
}
