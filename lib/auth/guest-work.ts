import "server-only";
import type { GuestWork } from "@/lib/api";
import { db, isSqlite, type Db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/*
 * A guest's work in a browser where an account signs in: it stays apart (the guest cookie keeps
 * opening it, and comes back after sign-out), or it moves into the account. Sign-up needs none of
 * this: the new account takes the guest's id (lib/auth/accounts.ts).
 */

/** What a guest owns that a person would miss: live chats and routines. */
export async function guestWorkOf(guestId: string, client: Db | Tx = db()): Promise<GuestWork> {
  const [threads, routines] = await Promise.all([
    client.thread.count({ where: { userId: guestId, deletedAt: null, routine: { is: null } } }),
    client.routine.count({ where: { userId: guestId, deletedAt: null } }),
  ]);
  return { threads, routines };
}

/**
 * Moves everything the guest owns into the account in one transaction: threads (with their
 * messages, summaries and pins), workspaces (files and versions), routines (runs and notes), the
 * action ledger and the outbox. The guest's User row is locked first, so a thread, workspace or
 * routine the guest creates meanwhile (its insert checks the foreign key, which waits for this
 * lock) lands either before the move, and moves, or after it, with the guest; never half of a
 * thread's rows on each side.
 */
export async function moveGuestWork(guestId: string, accountId: string): Promise<GuestWork> {
  if (guestId === accountId) return { threads: 0, routines: 0 };
  const client = db();
  return client.$transaction(async (tx) => {
    if (isSqlite(client)) await tx.$executeRaw`UPDATE "User" SET "id" = "id" WHERE "id" = ${guestId}`;
    else await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${guestId} FOR UPDATE`;
    if (await tx.authUser.findUnique({ where: { id: guestId }, select: { id: true } }))
      throw new AppError("conflict", "That work belongs to an account now: sign in to it to open it.");
    await tx.user.upsert({ where: { id: accountId }, create: { id: accountId }, update: {} });
    const moved = await guestWorkOf(guestId, tx);
    const from = { where: { userId: guestId }, data: { userId: accountId } };
    await tx.thread.updateMany(from);
    await tx.workspace.updateMany(from);
    await tx.routine.updateMany(from);
    await tx.actionLedger.updateMany(from);
    await tx.outboxMessage.updateMany(from);
    return moved;
  });
}
