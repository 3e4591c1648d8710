import { getChatModel, resolveModel, type ModelHandle } from "@/lib/ai/registry";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { availableModels, isAvailableModel } from "@/lib/ai/catalog";

function unavailable(id: string, why: string): AppError {
  const offered = availableModels(config())
    .map((m) => m.id)
    .join(", ");
  return new AppError("model_unavailable", `Model "${id}" ${why}. This server offers: ${offered}.`, { field: "model", offered });
}

/** Stores a thread's model (null: the server's default). Refuses a model the server cannot use; another user's thread is a 404. */
export async function setThreadModel(userId: string, threadId: string, model: string | null): Promise<void> {
  if (model !== null && !isAvailableModel(config(), model)) throw unavailable(model, "is not available on this server");
  const { count } = await db().thread.updateMany({ where: { id: threadId, userId, deletedAt: null }, data: { chatModel: model } });
  if (count === 0) throw notFound();
}

/**
 * The model a turn of this thread uses: its own choice, else CHAT_MODEL. Read before the turn
 * opens, so a choice the server no longer offers (settings changed since it was picked) is a 400
 * before anything is stored. An unknown thread answers the default: the opening itself is the 404.
 */
export async function modelForTurn(userId: string, threadId: string): Promise<ModelHandle> {
  const row = await db().thread.findFirst({ where: { id: threadId, userId, deletedAt: null }, select: { chatModel: true } });
  const chosen = row?.chatModel;
  if (!chosen) return getChatModel();
  if (!isAvailableModel(config(), chosen)) throw unavailable(chosen, "was picked for this chat but is no longer offered; pick another");
  return resolveModel(chosen);
}

/**
 * The model whose context window budgets this thread (the inspector's gauge, compaction's thresholds):
 * its own choice, else CHAT_MODEL. Never throws: a choice no longer offered reads as the default,
 * and the next turn reports the problem.
 */
export async function budgetModelOf(threadId: string): Promise<ModelHandle> {
  const row = await db().thread.findUnique({ where: { id: threadId }, select: { chatModel: true } });
  const chosen = row?.chatModel;
  if (!chosen || !isAvailableModel(config(), chosen)) return getChatModel();
  try {
    return resolveModel(chosen);
  } catch (err) {
    // A choice the configuration can no longer build (its key removed, say): the next turn reports
    // it to the person; the budget uses the default meanwhile. Anything else is a bug and surfaces.
    if (!(err instanceof AppError)) throw err;
    console.warn(`[model] thread ${threadId} budgets with the default model: ${err.message}`);
    return getChatModel();
  }
}
