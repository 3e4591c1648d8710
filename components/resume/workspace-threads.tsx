"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { workspaceThreadsQuery } from "@/components/api/queries";
import type { WorkspaceThread } from "@/lib/api";

/** Where the work moved: the other chats on this chat's workspace, earlier and later. */
export function WorkspaceThreads({ threadId }: { threadId: string }) {
  // A failure leaves the bar out: it is a hint, not something to act on.
  const threads = useQuery(workspaceThreadsQuery(threadId)).data ?? [];

  const index = threads.findIndex((t) => t.id === threadId);
  if (threads.length < 2 || index < 0) return null;
  const earlier = threads.slice(0, index);
  const later = threads.slice(index + 1);
  const link = (t: WorkspaceThread) => (
    <Link key={t.id} href={`/t/${t.id}`} className="underline hover:text-neutral-900" data-testid="workspace-thread-link">
      {t.title}
    </Link>
  );
  return (
    <div
      className="flex shrink-0 gap-1 truncate border-b border-neutral-200 bg-neutral-50 px-4 py-1 text-xs text-neutral-500"
      data-testid="workspace-threads"
    >
      {earlier.length > 0 && <span>Continues {earlier.map(link)}</span>}
      {earlier.length > 0 && later.length > 0 && " · "}
      {later.length > 0 && <span>Continued in {later.map(link)}</span>}
    </div>
  );
}
