import crypto from "node:crypto";
import { isAvailableModel } from "@/lib/ai/catalog";
import { config } from "@/lib/config";
import { retryWhenBusy } from "@/lib/db/busy-retry";
import { db, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import type { ImportOptions, ImportPlan } from "./import-plan";

/*
 * Writes an import: every row of the plan (lib/export/import-plan.ts) in ONE transaction, so a
 * failure leaves nothing behind. A file already imported by this person is recognised by its
 * SHA-256 (Thread.importHash + importIndex, unique per owner) and answered with the threads the
 * first import made, `duplicate: true`, instead of a second copy; two imports of the same file at
 * once collide on that unique index, and the loser answers the winner's threads. Once every thread
 * of an earlier import has been deleted, the same file imports again.
 */

export type ImportResult = { threadIds: string[]; duplicate: boolean };

// Rows per INSERT: under SQLite's bound-parameter limit for the widest table (Message, 16 columns).
const CHUNK = 500;
// A large import is one long transaction; the default 15 s would cut a 100,000-message file short.
const TX_OPTIONS = { maxWait: 15_000, timeout: 120_000 };

/** What an import's plan needs beyond the file: who imports it and which models this server offers. */
export function importOptions(userId: string): Omit<ImportOptions, "hash"> {
  return { ownerId: userId, newId: () => crypto.randomUUID(), offersModel: (id) => isAvailableModel(config(), id) };
}

/** `plan` was made by lib/export/import-file.ts with importOptions(userId); `hash` is the file's SHA-256. */
export async function importExport(userId: string, hash: string, plan: ImportPlan): Promise<ImportResult> {
  const before = await importedThreads(userId, hash);
  if (before.live.length > 0) return { threadIds: before.live, duplicate: true };
  try {
    await retryWhenBusy(() =>
      db().$transaction(async (tx) => {
        // The earlier import's threads are all deleted: their marks give way to this one.
        if (before.deleted)
          await tx.thread.updateMany({ where: { userId, importHash: hash }, data: { importHash: null, importIndex: null } });
        await writePlan(tx, plan);
      }, TX_OPTIONS),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await importedThreads(userId, hash);
    if (raced.live.length === 0) throw err;
    return { threadIds: raced.live, duplicate: true };
  }
  return { threadIds: plan.threads.map((t) => t.id), duplicate: false };
}

/** The threads an earlier import of the same file made: the live ones in file order, and whether any were deleted. */
async function importedThreads(userId: string, hash: string) {
  const rows = await db().thread.findMany({
    where: { userId, importHash: hash },
    orderBy: { importIndex: "asc" },
    select: { id: true, deletedAt: true },
  });
  return { live: rows.filter((r) => r.deletedAt === null).map((r) => r.id), deleted: rows.some((r) => r.deletedAt !== null) };
}

/** Parents before children, as the foreign keys require. */
async function writePlan(tx: Tx, plan: ImportPlan) {
  await inChunks(plan.workspaces, (data) => tx.workspace.createMany({ data }));
  await inChunks(plan.threads, (data) => tx.thread.createMany({ data }));
  await inChunks(plan.messages, (data) => tx.message.createMany({ data }));
  await inChunks(plan.summaries, (data) => tx.summary.createMany({ data }));
  await inChunks(plan.compactions, (data) => tx.compaction.createMany({ data }));
  await inChunks(plan.files, (data) => tx.workspaceFile.createMany({ data }));
  await inChunks(plan.versions, (data) => tx.fileVersion.createMany({ data }));
  await inChunks(plan.routines, (data) => tx.routine.createMany({ data }));
  await inChunks(plan.runs, (data) => tx.routineRun.createMany({ data }));
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}
