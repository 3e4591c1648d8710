import { config } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { getOwnedThread, type OwnedThread } from "@/lib/db/threads";
import { AppError, notFound } from "@/lib/errors";
import { pinBudgetMessage, pinFits } from "./budget";

export type PinState = { budgetTokens: number; tokens: number; pinned: Array<{ id: string; tokens: number; pinnedAt: Date }> };

/**
 * A thread's live pins, in order, with no owner check. The WHERE names only the thread and
 * "pinned", the shape of the (threadId, pinnedAt) index, as pinnedBefore does (recent-span.ts):
 * with the deleted filter and the order in it, SQLite walks every message of the thread instead.
 */
export async function readPins(client: Tx | ReturnType<typeof db>, threadId: string): Promise<PinState> {
  const rows = await client.message.findMany({
    where: { threadId, pinnedAt: { not: null } },
    select: { id: true, seq: true, tokens: true, pinnedAt: true, deletedAt: true },
  });
  const pinned = rows.filter((p) => p.deletedAt === null).sort((a, b) => a.seq - b.seq);
  return {
    budgetTokens: config().PIN_MAX_TOKENS,
    tokens: pinned.reduce((n, p) => n + p.tokens, 0),
    pinned: pinned.map((p) => ({ id: p.id, tokens: p.tokens, pinnedAt: p.pinnedAt! })),
  };
}

export async function pinState(userId: string, threadId: string): Promise<PinState> {
  return pinStateOf(await getOwnedThread(userId, threadId));
}

/** pinState for a thread the caller has already read with getOwnedThread. */
export function pinStateOf(thread: OwnedThread): Promise<PinState> {
  return readPins(db(), thread.id);
}

/**
 * Pins a live message if it fits the budget. The thread row is taken first (a no-op UPDATE, the
 * same order as edits and retries), so two pins racing on two instances are checked against the
 * budget one after the other and cannot both slip in.
 */
export async function pinMessage(userId: string, threadId: string, messageId: string): Promise<PinState> {
  await getOwnedThread(userId, threadId);
  return db().$transaction(
    async (tx) => {
      await tx.$executeRaw`UPDATE "Thread" SET "lastSeq" = "lastSeq" WHERE "id" = ${threadId}`;
      const message = await tx.message.findFirst({
        where: { id: messageId, threadId, deletedAt: null },
        select: { tokens: true, pinnedAt: true },
      });
      if (!message) throw notFound("Message");
      const current = await readPins(tx, threadId);
      if (message.pinnedAt) return current;
      if (!pinFits(current.tokens, message.tokens, current.budgetTokens)) {
        throw new AppError("limit_reached", pinBudgetMessage(current.tokens, message.tokens, current.budgetTokens), {
          budgetTokens: current.budgetTokens,
          pinnedTokens: current.tokens,
          messageTokens: message.tokens,
        });
      }
      await tx.message.updateMany({ where: { id: messageId, threadId, deletedAt: null, pinnedAt: null }, data: { pinnedAt: new Date() } });
      return readPins(tx, threadId);
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

export async function unpinMessage(userId: string, threadId: string, messageId: string): Promise<PinState> {
  await getOwnedThread(userId, threadId);
  const exists = await db().message.count({ where: { id: messageId, threadId } });
  if (exists === 0) throw notFound("Message");
  await db().message.updateMany({ where: { id: messageId, threadId, pinnedAt: { not: null } }, data: { pinnedAt: null } });
  return readPins(db(), threadId);
}
