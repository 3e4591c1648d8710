import { db } from "./client";
import { notFound } from "@/lib/errors";

export type ThreadRow = { id: string; title: string; createdAt: Date; updatedAt: Date };

const threadFields = { id: true, title: true, createdAt: true, updatedAt: true, workspaceId: true, chatModel: true } as const;

/**
 * A thread gets its own workspace, unless it continues another thread (`workspaceOf`): then it
 * shares that thread's workspace and so its files and action scope. Another user's or a deleted
 * thread is a 404. Routine threads will point at their routine's workspace.
 */
export async function createThread(userId: string, title?: string, opts: { workspaceOf?: string } = {}) {
  return db().$transaction(async (tx) => {
    let name = title;
    let workspaceId: string;
    if (opts.workspaceOf) {
      const source = await tx.thread.findFirst({
        where: { id: opts.workspaceOf, userId, deletedAt: null },
        select: { workspaceId: true, title: true },
      });
      if (!source) throw notFound();
      workspaceId = source.workspaceId;
      // An unnamed chat's continuation is named by its first message, as any new chat is.
      if (!name && source.title !== "New chat") {
        name = continuedTitle(source.title, await tx.thread.count({ where: { userId, workspaceId, deletedAt: null } }));
      }
    } else {
      workspaceId = (await tx.workspace.create({ data: { userId } })).id;
    }
    return tx.thread.create({
      data: { userId, workspaceId, ...(name ? { title: name } : {}) },
      select: threadFields,
    });
  });
}

const MAX_TITLE_CHARS = 200;

/**
 * "Plan the migration (continued)", then "(continued 2)", ... for the chats after it: never the
 * same title as the chat it continues (a named chat keeps its name when its first message arrives).
 */
function continuedTitle(sourceTitle: string, threadsOnWorkspace: number): string {
  const base = sourceTitle.replace(/ \(continued(?: \d+)?\)$/, "");
  const suffix = threadsOnWorkspace <= 1 ? " (continued)" : ` (continued ${threadsOnWorkspace})`;
  return base.slice(0, MAX_TITLE_CHARS - suffix.length).trimEnd() + suffix;
}

const MAX_WORKSPACE_THREADS = 200;

/** The live threads sharing a thread's workspace, oldest first (where the work moved). */
export async function listWorkspaceThreads(userId: string, threadId: string) {
  return workspaceThreadsOf(userId, await getOwnedThread(userId, threadId));
}

/** listWorkspaceThreads for a thread the caller has already read with getOwnedThread. */
export function workspaceThreadsOf(userId: string, thread: OwnedThread) {
  return db().thread.findMany({
    where: { userId, workspaceId: thread.workspaceId, deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: threadFields,
    take: MAX_WORKSPACE_THREADS,
  });
}

/** The person's chats; a routine's thread is listed under its routine instead. */
export function listThreads(userId: string) {
  return db().thread.findMany({
    where: { userId, deletedAt: null, routine: { is: null } },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: threadFields,
    take: 500,
  });
}

/** Every read and write of a thread goes through here: another user's thread is simply not found. */
/** A thread row read with its owner's id: what the `...Of(thread)` reads take instead of checking again. */
export type OwnedThread = Awaited<ReturnType<typeof getOwnedThread>>;

export async function getOwnedThread(userId: string, threadId: string) {
  const thread = await findOwnedThread(userId, threadId);
  if (!thread) throw notFound();
  return thread;
}

/** The caller's live thread, or null when it is missing, deleted or another user's; a failed read throws. */
export function findOwnedThread(userId: string, threadId: string) {
  return db().thread.findFirst({ where: { id: threadId, userId, deletedAt: null }, select: threadFields });
}

export async function renameThread(userId: string, threadId: string, title: string) {
  const { count } = await db().thread.updateMany({ where: { id: threadId, userId, deletedAt: null }, data: { title } });
  if (count === 0) throw notFound();
  return getOwnedThread(userId, threadId);
}

export async function deleteThread(userId: string, threadId: string) {
  const { count } = await db().thread.updateMany({ where: { id: threadId, userId, deletedAt: null }, data: { deletedAt: new Date() } });
  if (count === 0) throw notFound();
}
