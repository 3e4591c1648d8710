import "server-only";
import { db, isSqlite } from "@/lib/db/client";

/*
 * Deleting an account deletes everything it owns, in one transaction: its threads (messages and
 * their draft parts, pins, model calls, summaries, compaction receipts), their change log, its
 * workspaces (files and every version), its routines and their runs, its action ledger (and
 * journal), its outbox, its rate counters, its unused reset links, its attachments (rows, and their
 * bytes where the database holds them; a directory store's files stay as unreferenced random
 * keys), its MCP servers, and the account itself (its sessions and password go with it, by foreign
 * key). Either all of it is gone or none of it is.
 *
 * better-auth's delete-user calls this before its own deletes (lib/auth/accounts.ts), which then
 * find nothing left; doing the account's rows here too is what makes it one transaction.
 *
 * The User row is locked first, as the guest-work move does (lib/auth/guest-work.ts): a thread,
 * workspace or routine the account creates meanwhile checks that foreign key and waits, then fails
 * once the row is gone, instead of landing beside a half-deleted account. A guest's work kept apart
 * in this browser is another id and stays with the guest.
 */
export async function deleteAccountData(userId: string): Promise<void> {
  const client = db();
  await client.$transaction(async (tx) => {
    if (isSqlite(client)) await tx.$executeRaw`UPDATE "User" SET "id" = "id" WHERE "id" = ${userId}`;
    else await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const threadIds = (await tx.thread.findMany({ where: { userId }, select: { id: true } })).map((t) => t.id);
    await tx.threadEvent.deleteMany({ where: { threadId: { in: threadIds } } });
    await tx.actionLedger.deleteMany({ where: { userId } });
    await tx.outboxMessage.deleteMany({ where: { userId } });
    await tx.rateCounter.deleteMany({ where: { key: { startsWith: `${userId}:` } } });
    // Attachments have no foreign keys (an additive migration): found by the account's workspaces.
    const workspaceIds = (await tx.workspace.findMany({ where: { userId }, select: { id: true } })).map((w) => w.id);
    const attached = await tx.attachment.findMany({
      where: { workspaceId: { in: workspaceIds } },
      select: { storage: true, storageKey: true },
    });
    await tx.attachmentBlob.deleteMany({ where: { key: { in: attached.filter((a) => a.storage === "db").map((a) => a.storageKey) } } });
    await tx.attachment.deleteMany({ where: { workspaceId: { in: workspaceIds } } });
    // Threads before workspaces: a thread's workspace is not deleted under it (no cascade that way).
    await tx.thread.deleteMany({ where: { userId } });
    await tx.routine.deleteMany({ where: { userId } });
    await tx.workspace.deleteMany({ where: { userId } });
    await tx.user.deleteMany({ where: { id: userId } });
    // Reset (and delete) links name the account by id in `value`.
    await tx.authVerification.deleteMany({ where: { value: userId } });
    await tx.authUser.deleteMany({ where: { id: userId } });
  });
}
