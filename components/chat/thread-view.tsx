"use client";

import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api, ApiError, readableError } from "./api";
import { PAGE_SIZE } from "./message-sync";
import { ThreadNotFound } from "./thread-not-found";
import { ThreadWorkbench } from "./thread-workbench";
import type { MessagePage, ThreadSummary } from "./types";

type Load =
  | { kind: "loading" }
  | { kind: "not-found" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; thread: ThreadSummary; page: MessagePage };

type ThreadViewProps = {
  threadId: string;
  /** The sidebar's copy of the title, which follows renames and automatic titles. */
  title: string | undefined;
  onTurnSettled: () => void;
};

/** Loads a thread and its newest page, then hands them to the chat; mount with key={threadId}. */
export function ThreadView({ threadId, title, onTurnSettled }: ThreadViewProps) {
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all([api.getThread(threadId), api.messagePage(threadId, { limit: PAGE_SIZE })]).then(
      ([thread, page]) => live && setLoad({ kind: "ready", thread, page }),
      (e: unknown) => {
        if (!live) return;
        setLoad(e instanceof ApiError && e.status === 404 ? { kind: "not-found" } : { kind: "failed", message: readableError(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [threadId, attempt]);

  if (load.kind === "not-found") return <ThreadNotFound />;
  if (load.kind === "loading") {
    return <div className="flex flex-1 items-center justify-center"><Spinner label="Loading conversation" /></div>;
  }
  if (load.kind === "failed") {
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <Alert
          action={
            <Button size="sm" onClick={() => { setLoad({ kind: "loading" }); setAttempt((n) => n + 1); }}>
              Try again
            </Button>
          }
        >
          Could not load this chat: {load.message}
        </Alert>
      </div>
    );
  }
  return <ThreadWorkbench threadId={threadId} title={title ?? load.thread.title} initialPage={load.page} onTurnSettled={onTurnSettled} />;
}
