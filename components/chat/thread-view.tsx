"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isNotFound, readableError } from "@/components/api/api-error";
import { newestPageQuery } from "@/components/api/queries";
import { queryKeys } from "@/components/api/query-keys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { FileMeta, MessagePage } from "@/lib/api";
import { ServerTranscript } from "./server-transcript";
import { ThreadNotFound } from "./thread-not-found";
import { useThreadInfo } from "./use-thread-info";
import { useWorkbenchModule } from "./use-workbench-module";

type ThreadViewProps = {
  threadId: string;
  /** The sidebar's copy of the title, which follows renames and automatic titles. */
  title: string | undefined;
  /** The workspace panel as the person last left it in this thread; null: it follows the files. */
  workspaceChoice: boolean | null;
};

/**
 * A thread and its newest page (usually already in the cache: the server rendered them), handed to
 * the chat once both are there. Mount with key={threadId}.
 */
export function ThreadView({ threadId, title, workspaceChoice }: ThreadViewProps) {
  const hydrated = useHydrated();
  // Rendered first by the server (this render hydrates its copy): that copy stays on screen until
  // the live chat's script has arrived. A thread opened later in the tab shows a spinner instead.
  const [fromServer] = useState(!hydrated);
  const workbench = useWorkbenchModule();
  const thread = useThreadInfo(threadId);
  const newest = useQuery(newestPageQuery(threadId));
  // The server read the files with the page: the first frame already has the panel where it will be.
  const files = useQueryClient().getQueryData<FileMeta[]>(queryKeys.files(threadId));
  const workspaceAtFirst = workspaceChoice ?? (files?.length ?? 0) > 0;
  // The chat starts from the first page it sees; later pages reach it through the cache.
  const [firstPage, setFirstPage] = useState<MessagePage | null>(null);
  if (firstPage === null && newest.data) setFirstPage(newest.data);

  const failure = thread.error ?? newest.error ?? workbench.error;
  if (isNotFound(failure)) return <ThreadNotFound />;
  if (failure && !(thread.data && firstPage && workbench.module)) {
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <Alert
          action={
            <Button
              size="sm"
              onClick={() => {
                void thread.refetch();
                void newest.refetch();
                workbench.retry();
              }}
            >
              Try again
            </Button>
          }
        >
          Could not load this chat: {readableError(failure)}
        </Alert>
      </div>
    );
  }
  // The live chat reads the window, the tab's storage and the scroll position: browser only.
  if ((!hydrated || (fromServer && !workbench.module)) && thread.data && firstPage) {
    return <ServerTranscript title={title ?? thread.data.title} page={firstPage} workspace={workspaceAtFirst} />;
  }
  if (!thread.data || !firstPage || !workbench.module) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label="Loading conversation" />
      </div>
    );
  }
  const { ThreadWorkbench } = workbench.module;
  return (
    <ThreadWorkbench threadId={threadId} title={title ?? thread.data.title} initialPage={firstPage} workspaceChoice={workspaceChoice} />
  );
}
