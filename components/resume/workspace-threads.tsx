"use client";

import { useQuery } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
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
  // Each title cuts with an ellipsis where the bar runs out of room; the full title is its name.
  const link = (t: WorkspaceThread) => (
    <IntentLink
      key={t.id}
      href={`/t/${t.id}`}
      title={t.title}
      className="min-w-0 truncate underline hover:text-neutral-900"
      data-testid="workspace-thread-link"
    >
      {t.title}
    </IntentLink>
  );
  const group = (label: string, list: WorkspaceThread[]) => (
    <span className="flex min-w-0 items-baseline gap-1">
      <span className="shrink-0">{label}</span>
      {list.map(link)}
    </span>
  );
  return (
    <div
      className="flex min-w-0 shrink-0 items-baseline gap-1 overflow-hidden border-b border-neutral-200 bg-neutral-50 px-4 py-1 text-xs whitespace-nowrap text-neutral-500"
      data-testid="workspace-threads"
    >
      {earlier.length > 0 && group("Continues", earlier)}
      {earlier.length > 0 && later.length > 0 && <span className="shrink-0">·</span>}
      {later.length > 0 && group("Continued in", later)}
    </div>
  );
}
