import type { Tx } from "@/lib/db/client";
import { leavePathFrom } from "@/lib/branches/leave-path";
import { AppError, notFound } from "@/lib/errors";

/** Takes the thread's row lock first, so edits, retries, replies and summary saves queue in one order. */
export async function lockThread(tx: Tx, threadId: string): Promise<void> {
  await tx.thread.update({ where: { id: threadId }, data: { updatedAt: new Date() }, select: { id: true } });
}

/** What a turn's opening decides on, read under the row lock by the statement that takes it. */
export type LockedThread = {
  id: string;
  title: string;
  workspaceId: string;
  lastSeq: number;
  turnHolder: string | null;
  turnHeartbeatAt: Date | null;
};

/**
 * lockThread for a turn's opening: one statement takes the lock, checks that the caller owns the
 * live thread (another user's thread is a 404, and nothing was read before) and returns the row as
 * it stands once locked. One round trip instead of three, while a burst of turns queues on them.
 */
export async function lockOwnedThread(tx: Tx, userId: string, threadId: string): Promise<LockedThread> {
  const [locked] = await tx.thread.updateManyAndReturn({
    where: { id: threadId, userId, deletedAt: null },
    data: { updatedAt: new Date() },
    select: { id: true, title: true, workspaceId: true, lastSeq: true, turnHolder: true, turnHeartbeatAt: true },
  });
  if (!locked) throw notFound();
  return locked;
}

/**
 * Takes a live message and everything after it off the active path (kept as a version to flip back to), inside
 * the caller's transaction. Of two concurrent edits or retries of the same message exactly one proceeds.
 */
export async function cutTranscriptAt(tx: Tx, threadId: string, messageId: string, role: "user" | "assistant"): Promise<{ seq: number }> {
  await lockThread(tx, threadId);
  const target = await tx.message.findFirst({ where: { id: messageId, threadId, deletedAt: null }, select: { seq: true, role: true } });
  if (!target) throw notFound("Message");
  if (target.role !== role) {
    throw new AppError(
      "invalid_body",
      role === "user"
        ? "Only a user message can be edited; retry an assistant message instead"
        : "Only an assistant message can be retried; edit a user message instead",
    );
  }
  // The row lock above orders concurrent edits and retries: the second one reads the target as
  // off the path and is a 404; a branch that moved nothing was taken by another request.
  const left = await leavePathFrom(tx, threadId, target.seq, new Date());
  if (left === 0) throw new AppError("conflict", "The message was changed by another request; reload and try again");
  return { seq: target.seq };
}
