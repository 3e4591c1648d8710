"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { AccountLink } from "@/components/account/account-link";
import { RoutinesNav } from "@/components/routines/routines-nav";
import { GlobalSearch } from "@/components/search/global-search";
import { ShortcutsButton } from "@/components/layout/app-frame";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { ModelBadge } from "./model-badge";
import { ArchivedThreads } from "./archived-threads";
import { ThreadGroups } from "./thread-groups";
import type { ApiThread as ThreadSummary } from "@/lib/api";

type ThreadSidebarProps = {
  threads: ThreadSummary[] | null;
  activeId: string | null;
  error: string | null;
  creating: boolean;
  onNew: () => void;
  onRename: (id: string, title: string) => void;
  onArchive: (id: string, archived: boolean) => Promise<void>;
  onDelete: (id: string) => void;
};

export function ThreadSidebar({ threads, activeId, error, creating, onNew, onRename, onArchive, onDelete }: ThreadSidebarProps) {
  const [pendingDelete, setPendingDelete] = useState<ThreadSummary | null>(null);
  const itemActions = { onRename, onArchive, onRequestDelete: setPendingDelete };
  return (
    <aside className="flex min-h-0 w-full flex-1 flex-col border-r border-neutral-200 bg-neutral-50">
      <div className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <span className="text-sm font-semibold tracking-tight text-neutral-900">Longrun Chat</span>
        <Button variant="primary" size="sm" onClick={onNew} disabled={creating} data-testid="new-thread">
          <span aria-hidden>+</span> New chat
        </Button>
      </div>

      <GlobalSearch />
      <nav aria-label="Chats" className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {error && <Alert className="mb-2 text-xs">Could not load chats: {error}</Alert>}
        {threads === null && !error && <Spinner label="Loading chats" className="px-2 py-1" />}
        {threads?.length === 0 && <p className="px-2 py-1 text-sm text-neutral-500">No chats yet.</p>}
        {threads && <ThreadGroups threads={threads} activeId={activeId} {...itemActions} />}
        <ArchivedThreads activeId={activeId} {...itemActions} />
      </nav>

      <RoutinesNav />
      <AccountLink />
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 px-3 py-2">
        <ThemeToggle />
        <ShortcutsButton />
      </div>
      <ModelBadge />

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this chat?"
        description={`“${pendingDelete?.title ?? ""}” and all of its messages will be removed. This cannot be undone.`}
        confirmLabel="Delete"
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (pendingDelete) onDelete(pendingDelete.id);
          setPendingDelete(null);
        }}
      />
    </aside>
  );
}
