import { db } from "./client";
import { notFound } from "@/lib/errors";

export type ThreadRow = { id: string; title: string; createdAt: Date; updatedAt: Date };

const threadFields = { id: true, title: true, createdAt: true, updatedAt: true, workspaceId: true } as const;

/** A thread gets its own workspace; routine threads will point at their routine's instead. */
export async function createThread(userId: string, title?: string) {
  return db().$transaction(async (tx) => {
    const workspace = await tx.workspace.create({ data: { userId } });
    return tx.thread.create({
      data: { userId, workspaceId: workspace.id, ...(title ? { title } : {}) },
      select: threadFields,
    });
  });
}

export function listThreads(userId: string) {
  return db().thread.findMany({
    where: { userId, deletedAt: null },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: threadFields,
    take: 500,
  });
}

/** Every read and write of a thread goes through here: another user's thread is simply not found. */
export async function getOwnedThread(userId: string, threadId: string) {
  const thread = await db().thread.findFirst({ where: { id: threadId, userId, deletedAt: null }, select: threadFields });
  if (!thread) throw notFound();
  return thread;
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
