import { retryWhenBusy } from "@/lib/db/busy-retry";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { publishThreadChange } from "@/lib/events/publish";
import { leaseLive } from "@/lib/jobs/lease";
import { leavePathFrom } from "@/lib/branches/leave-path";
import { rowsToShow } from "@/lib/branches/versions";
import { lockOwnedThread } from "./transcript-cut";

/**
 * Shows another version of a message (`< k / n >`), or any message of another branch (a search
 * hit): in ONE transaction under the thread's row lock, the version now on the path where that
 * branch forks and everything after it leave the path, and the branch comes back down to
 * `messageId`, with what was last shown under it. Nothing is deleted, so flipping back restores
 * exactly what was there. Refused while a reply is being written (the reply belongs to the path it
 * started on). Answers the ids that joined the path, in order.
 */
export async function showVersion(userId: string, threadId: string, messageId: string): Promise<{ shown: string[] }> {
  const result = await retryWhenBusy(() =>
    db().$transaction(async (tx) => {
      const locked = await lockOwnedThread(tx, userId, threadId);
      if (leaseLive(locked.turnHolder, locked.turnHeartbeatAt, new Date())) {
        throw new AppError(
          "turn_in_progress",
          "A reply is still being written in this conversation. Switch versions when it ends, or stop it.",
        );
      }
      const target = await tx.message.findFirst({ where: { id: messageId, threadId }, select: { deletedAt: true } });
      if (!target) throw notFound("Message");
      if (!target.deletedAt) return { shown: [], replaced: null };
      const offPath = await tx.message.findMany({
        where: { threadId, deletedAt: { not: null } },
        select: { id: true, parentId: true, seq: true, deletedAt: true },
      });
      const plan = rowsToShow(
        offPath.map((r) => ({ id: r.id, parentId: r.parentId, seq: r.seq, leftAt: r.deletedAt! })),
        messageId,
      );
      // The branch hangs under a live message (or starts the thread); anything else is a row
      // whose parent was never recorded.
      const parent = plan?.top.parentId
        ? await tx.message.findFirst({ where: { id: plan.top.parentId, threadId, deletedAt: null }, select: { seq: true } })
        : { seq: -1 };
      if (!plan || !parent) throw new AppError("conflict", "That version cannot be shown: its place in the conversation is not recorded.");
      // The version on the path now: the first live row after that parent.
      const current = await tx.message.findFirst({
        where: { threadId, deletedAt: null, seq: { gt: parent.seq } },
        orderBy: { seq: "asc" },
        select: { id: true, seq: true },
      });
      if (current) await leavePathFrom(tx, threadId, current.seq, new Date());
      const shown = plan.ids;
      await tx.message.updateMany({ where: { threadId, id: { in: shown } }, data: { deletedAt: null } });
      return { shown, replaced: current?.id ?? null };
    }),
  );
  if (result.replaced) void publishThreadChange(threadId, { type: "message.replaced", messageId: result.replaced, replacedBy: messageId });
  return { shown: result.shown };
}
