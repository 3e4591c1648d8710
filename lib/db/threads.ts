import { db } from "./client";
import { notFound } from "@/lib/errors";

export type ThreadRow = { id: string; title: string; createdAt: Date; updatedAt: Date; archivedAt: Date | null };

const threadFields = {
  id: true,
  title: true,
  createdAt: true,
  updatedAt: true,
  archivedAt: true,
  workspaceId: true,
  chatModel: true,
} as const;

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
    // A chat given its name (by a person, or as a continuation) keeps it: the model's title is
    // for chats still named by their first message.
    return tx.thread.create({
      data: { userId, workspaceId, ...(name ? { title: name, autoTitle: false } : {}) },
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

/**
 * The person's chats, or their archived ones; a routine's thread is listed under its routine
 * instead. Archived chats are a list of their own, so they never take the main list's places.
 */
export function listThreads(userId: string, opts: { archived?: boolean } = {}) {
  return db().thread.findMany({
    where: { userId, deletedAt: null, routine: { is: null }, archivedAt: opts.archived ? { not: null } : null },
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

/** A person's name for the chat: the model's title never replaces it (autoTitle goes false in the same statement). */
export async function renameThread(userId: string, threadId: string, title: string) {
  const { count } = await db().thread.updateMany({ where: { id: threadId, userId, deletedAt: null }, data: { title, autoTitle: false } });
  if (count === 0) throw notFound();
  return getOwnedThread(userId, threadId);
}

/** Archives (or brings back) a chat: it leaves the date groups for the Archived section, and still opens by URL. */
export async function setThreadArchived(userId: string, threadId: string, archived: boolean) {
  const { count } = await db().thread.updateMany({
    where: { id: threadId, userId, deletedAt: null },
    data: { archivedAt: archived ? new Date() : null },
  });
  if (count === 0) throw notFound();
  return getOwnedThread(userId, threadId);
}

export async function deleteThread(userId: string, threadId: string) {
  const { count } = await db().thread.updateMany({ where: { id: threadId, userId, deletedAt: null }, data: { deletedAt: new Date() } });
  if (count === 0) throw notFound();
}

/**
 * The model's title for a chat, set only while its title is still the automatic one: one
 * compare-and-set on `autoTitle`, so a person's rename (which clears it in its own statement)
 * always wins, whichever lands first, and two title jobs for one chat set it once.
 */
export async function setModelTitle(threadId: string, title: string): Promise<boolean> {
  const { count } = await db().thread.updateMany({
    where: { id: threadId, autoTitle: true, deletedAt: null },
    data: { title, autoTitle: false },
  });
  return count === 1;
}

/** Whether a chat still waits for the model's title (its first exchange has not named it yet). */
export async function awaitsModelTitle(threadId: string): Promise<boolean> {
  const row = await db().thread.findFirst({ where: { id: threadId, autoTitle: true, deletedAt: null }, select: { id: true } });
  return row !== null;
}
