import { config } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { getOwnedThread } from "@/lib/db/threads";
import { AppError, notFound } from "@/lib/errors";
import { pinBudgetMessage, pinFits } from "./budget";

export type PinState = { budgetTokens: number; tokens: number; pinned: Array<{ id: string; tokens: number; pinnedAt: Date }> };

async function state(client: Tx | ReturnType<typeof db>, threadId: string): Promise<PinState> {
  const pinned = await client.message.findMany({
    where: { threadId, deletedAt: null, pinnedAt: { not: null } },
    orderBy: { seq: "asc" },
    select: { id: true, tokens: true, pinnedAt: true },
  });
  return {
    budgetTokens: config().PIN_MAX_TOKENS,
    tokens: pinned.reduce((n, p) => n + p.tokens, 0),
    pinned: pinned.map((p) => ({ id: p.id, tokens: p.tokens, pinnedAt: p.pinnedAt! })),
  };
}

export async function pinState(userId: string, threadId: string): Promise<PinState> {
  await getOwnedThread(userId, threadId);
  return state(db(), threadId);
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
      const current = await state(tx, threadId);
      if (message.pinnedAt) return current;
      if (!pinFits(current.tokens, message.tokens, current.budgetTokens)) {
        throw new AppError("limit_reached", pinBudgetMessage(current.tokens, message.tokens, current.budgetTokens), {
          budgetTokens: current.budgetTokens,
          pinnedTokens: current.tokens,
          messageTokens: message.tokens,
        });
      }
      await tx.message.updateMany({ where: { id: messageId, threadId, deletedAt: null, pinnedAt: null }, data: { pinnedAt: new Date() } });
      return state(tx, threadId);
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

export async function unpinMessage(userId: string, threadId: string, messageId: string): Promise<PinState> {
  await getOwnedThread(userId, threadId);
  const exists = await db().message.count({ where: { id: messageId, threadId } });
  if (exists === 0) throw notFound("Message");
  await db().message.updateMany({ where: { id: messageId, threadId, pinnedAt: { not: null } }, data: { pinnedAt: null } });
  return state(db(), threadId);
}
