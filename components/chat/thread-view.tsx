"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { isNotFound, readableError } from "@/components/api/api-error";
import { newestPageQuery } from "@/components/api/queries";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { MessagePage } from "@/lib/api";
import { ServerTranscript } from "./server-transcript";
import { ThreadNotFound } from "./thread-not-found";
import { useThreadInfo } from "./use-thread-info";

// The live chat (the AI SDK with zod, the virtualized transcript, the workspace and its panels) is
// most of the page's script, and a thread is read before any of it runs: the server's transcript
// is on screen from the first HTML. So it is a chunk of its own, requested when a thread first
// renders (during hydration, not after it), while the server's transcript stays up. Hydration then
// covers only the shell and that transcript, and the home page never loads the chat.
let workbench: Promise<{ default: typeof import("./thread-workbench").ThreadWorkbench }> | null = null;
const loadWorkbench = () => (workbench ??= import("./thread-workbench").then((m) => ({ default: m.ThreadWorkbench })));
const ThreadWorkbench = lazy(loadWorkbench);

type ThreadViewProps = {
  threadId: string;
  /** The sidebar's copy of the title, which follows renames and automatic titles. */
  title: string | undefined;
};

/**
 * A thread and its newest page (usually already in the cache: the server rendered them), handed to
 * the chat once both are there. Mount with key={threadId}.
 */
export function ThreadView({ threadId, title }: ThreadViewProps) {
  if (typeof window !== "undefined") void loadWorkbench();
  const hydrated = useHydrated();
  const thread = useThreadInfo(threadId);
  const newest = useQuery(newestPageQuery(threadId));
  // The chat starts from the first page it sees; later pages reach it through the cache.
  const [firstPage, setFirstPage] = useState<MessagePage | null>(null);
  if (firstPage === null && newest.data) setFirstPage(newest.data);

  const failure = thread.error ?? newest.error;
  if (isNotFound(failure)) return <ThreadNotFound />;
  if (failure && !(thread.data && firstPage)) {
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <Alert
          action={
            <Button
              size="sm"
              onClick={() => {
                void thread.refetch();
                void newest.refetch();
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
  const serverTranscript = thread.data && firstPage && <ServerTranscript title={title ?? thread.data.title} page={firstPage} />;
  if (!hydrated && serverTranscript) return serverTranscript;
  if (!thread.data || !firstPage) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label="Loading conversation" />
      </div>
    );
  }
  return (
    <Suspense fallback={serverTranscript}>
      <ThreadWorkbench threadId={threadId} title={title ?? thread.data.title} initialPage={firstPage} />
    </Suspense>
  );
}
