import type { Tx } from "@/lib/db/client";

/**
 * Takes the live rows from `seq` on off the active path (an edit, a retry, a flip to another
 * version), inside the caller's transaction, which holds the thread's row lock. Each row first
 * records its parent, the live row before it, so the branch can be shown again (lib/branches).
 * One statement each, whatever the branch's length. Answers how many rows left.
 */
export async function leavePathFrom(tx: Tx, threadId: string, seq: number, now: Date): Promise<number> {
  await tx.$executeRaw`
    UPDATE "Message" SET "parentId" = (
      SELECT p."id" FROM "Message" p
      WHERE p."threadId" = "Message"."threadId" AND p."deletedAt" IS NULL AND p."seq" < "Message"."seq"
      ORDER BY p."seq" DESC LIMIT 1
    )
    WHERE "threadId" = ${threadId} AND "deletedAt" IS NULL AND "seq" >= ${seq}`;
  const left = await tx.message.updateMany({ where: { threadId, deletedAt: null, seq: { gte: seq } }, data: { deletedAt: now } });
  return left.count;
}
