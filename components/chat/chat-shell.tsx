"use client";

import type { DehydratedState } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { QueryProvider } from "@/components/api/query-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AppFrame, NarrowTopBar } from "@/components/layout/app-frame";
import { useShortcut } from "@/components/shortcuts/use-shortcut";
import { readableError } from "@/components/api/api-error";
import { EmptyState } from "./empty-state";
import { ThreadSidebar } from "./thread-sidebar";
import { ThreadView } from "./thread-view";
import { useThreads } from "./use-threads";

type ChatShellProps = {
  threadId: string | null;
  /** What the server already read for this page (the thread's newest page, the chat list). */
  prefetched?: DehydratedState | null;
  /** The thread's workspace panel as the person last left it (null: never toggled, it follows the files). */
  workspaceChoice?: boolean | null;
};

/** The whole app: chats on the left, the open chat (or a starting point) on the right. */
export function ChatShell({ threadId, prefetched, workspaceChoice = null }: ChatShellProps) {
  return (
    <QueryProvider state={prefetched}>
      <Shell threadId={threadId} workspaceChoice={workspaceChoice} />
    </QueryProvider>
  );
}

function Shell({ threadId, workspaceChoice }: { threadId: string | null; workspaceChoice: boolean | null }) {
  const router = useRouter();
  const threads = useThreads();
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const createThread = async () => {
    setCreating(true);
    setActionError(null);
    try {
      const thread = await threads.create();
      router.push(`/t/${thread.id}`);
    } catch (e) {
      setActionError(`Could not create a chat: ${readableError(e)}`);
    } finally {
      setCreating(false);
    }
  };

  useShortcut("new-chat", () => void (creating || createThread()));

  const renameThread = (id: string, title: string) => {
    setActionError(null);
    threads.rename(id, title).catch((e: unknown) => setActionError(`Could not rename the chat: ${readableError(e)}`));
  };

  const archiveThread = async (id: string, archived: boolean) => {
    setActionError(null);
    try {
      await threads.archive(id, archived);
    } catch (e) {
      setActionError(`Could not ${archived ? "archive" : "unarchive"} the chat: ${readableError(e)}`);
    }
  };

  const deleteThread = (id: string) => {
    setActionError(null);
    threads.remove(id).then(
      () => id === threadId && router.push("/"),
      (e: unknown) => setActionError(`Could not delete the chat: ${readableError(e)}`),
    );
  };

  const activeTitle = threads.threads?.find((t) => t.id === threadId)?.title;

  return (
    <AppFrame
      sidebarLabel="Chats"
      sidebar={
        <ThreadSidebar
          threads={threads.threads}
          activeId={threadId}
          error={threads.error}
          creating={creating}
          onNew={() => void createThread()}
          onRename={renameThread}
          onArchive={archiveThread}
          onDelete={deleteThread}
        />
      }
    >
      <main className="flex min-w-0 flex-1 flex-col">
        {!threadId && <NarrowTopBar title="Longrun Chat" />}
        {actionError && (
          <Alert
            className="m-3 mb-0"
            data-testid="action-error"
            action={
              <Button size="sm" variant="ghost" onClick={() => setActionError(null)}>
                Dismiss
              </Button>
            }
          >
            {actionError}
          </Alert>
        )}
        {threadId ? (
          <ThreadView key={threadId} threadId={threadId} title={activeTitle} workspaceChoice={workspaceChoice} />
        ) : (
          <EmptyState creating={creating} onNew={() => void createThread()} />
        )}
      </main>
    </AppFrame>
  );
}
