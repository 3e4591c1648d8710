import { db } from "@/lib/db/client";
import { feedSource } from "./source";
import type { ThreadChange } from "./types";

/*
 * The one door for saying "this changed" (called after the change is stored). A publish never
 * fails its caller: a lost event costs a tab one refetch later (it reads everything again when its
 * feed reconnects), while a thrown error here would fail a turn or a save that already succeeded.
 */

/** A change in one thread: a turn, a message, a compaction. */
export function publishThreadChange(threadId: string, change: ThreadChange): Promise<void> {
  return settle(feedSource().publish({ threadIds: [threadId], change }));
}

/** A change in a workspace: every thread sharing it shows its files (and its actions). */
export function publishWorkspaceChange(workspaceId: string, change: ThreadChange): Promise<void> {
  return settle(feedSource().publish(async () => ({ threadIds: await workspaceThreads(workspaceId), change })));
}

/** An action's row changed state: the threads sharing its thread's workspace list it. */
export function publishActionChange(actionId: string): Promise<void> {
  return settle(
    feedSource().publish(async () => {
      const row = await db().actionLedger.findUnique({ where: { id: actionId }, select: { key: true, status: true, threadId: true } });
      if (!row?.threadId) return null;
      const thread = await db().thread.findUnique({ where: { id: row.threadId }, select: { workspaceId: true } });
      const threadIds = thread ? await workspaceThreads(thread.workspaceId) : [row.threadId];
      return { threadIds, change: { type: "action.changed", key: row.key, status: row.status } };
    }),
  );
}

async function workspaceThreads(workspaceId: string): Promise<string[]> {
  const threads = await db().thread.findMany({ where: { workspaceId, deletedAt: null }, select: { id: true } });
  return threads.map((t) => t.id);
}

function settle(work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    (e) => console.error("[events] change not published", e),
  );
}
