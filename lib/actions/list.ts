import { db } from "@/lib/db/client";
import type { OwnedThread } from "@/lib/db/threads";
import { storedValue } from "@/lib/db/stored-value";
import { answeredMessageOf, workspaceScope } from "./keys";
import { loadJournal } from "./ledger";
import { ACTION_STATUSES, LEARNED_BY } from "./types";

const MAX_LISTED = 200;

/**
 * The actions of one thread's workspace with their journals, newest first (for the API, the panel
 * and list_actions): a thread continued in a new chat sees what the earlier threads did. Older
 * rows scoped by thread are found through the workspace's threads.
 */
export async function listThreadActions(userId: string, threadId: string) {
  const thread = await db().thread.findFirst({ where: { id: threadId, userId }, select: { workspaceId: true } });
  return thread ? threadActionsOf(userId, thread) : [];
}

/** listThreadActions for a thread the caller has already read (getOwnedThread). */
export async function threadActionsOf(userId: string, thread: Pick<OwnedThread, "workspaceId">) {
  const siblings = await db().thread.findMany({ where: { userId, workspaceId: thread.workspaceId }, select: { id: true }, take: 500 });
  const rows = await db().actionLedger.findMany({
    where: { userId, OR: [{ scope: workspaceScope(thread.workspaceId) }, { threadId: { in: siblings.map((t) => t.id) } }] },
    orderBy: { createdAt: "desc" },
    take: MAX_LISTED,
  });
  const [events, offPath] = await Promise.all([loadJournal(rows.map((r) => r.id)), askedOffPath(rows.map((r) => r.key))]);
  return rows.map((r) => ({
    key: r.key,
    type: r.type,
    provider: r.provider,
    status: storedValue(ACTION_STATUSES, r.status, "ActionLedger.status"),
    attempt: r.attempt,
    resultId: r.resultId,
    errorCode: r.errorCode,
    learnedBy: r.learnedBy === null ? null : storedValue(LEARNED_BY, r.learnedBy, "ActionLedger.learnedBy"),
    runId: r.runId,
    threadId: r.threadId,
    // Asked for in a version of the conversation not shown now (an edit or a switch took it off
    // the path): the action still happened, the world is not branched.
    fromOtherVersion: offPath.has(answeredMessageOf(r.key) ?? ""),
    request: JSON.parse(r.request) as Record<string, unknown>,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    journal: events
      .filter((e) => e.actionId === r.id)
      .map((e) => ({
        seq: e.seq,
        type: e.type,
        actor: e.actor,
        payload: JSON.parse(e.payload) as Record<string, unknown>,
        at: e.createdAt,
      })),
  }));
}

export type ListedAction = Awaited<ReturnType<typeof listThreadActions>>[number];

/** Of the messages the keys name, those not on their thread's path now. */
async function askedOffPath(keys: string[]): Promise<Set<string>> {
  const ids = [...new Set(keys.map(answeredMessageOf).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Set();
  const rows = await db().message.findMany({ where: { id: { in: ids }, deletedAt: { not: null } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}
