import crypto from "node:crypto";
import { currentStore, type ByteStore } from "@/lib/attachments/storage";
import { isAvailableModel } from "@/lib/ai/catalog";
import { config } from "@/lib/config";
import { retryWhenBusy } from "@/lib/db/busy-retry";
import { db, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { writeAttachment } from "./import-attachments";
import type { ImportOptions, ImportPlan } from "./import-plan";
import { TABLES, type PlanSpool, type PlanTable } from "./plan-spool";

/*
 * Writes an import: every row of the plan (lib/export/import-plan.ts) in ONE transaction, so a
 * failure leaves nothing behind. A file already imported by this person is recognised by its
 * SHA-256 (Thread.importHash + importIndex, unique per owner) and answered with the threads the
 * first import made, `duplicate: true`, instead of a second copy; two imports of the same file at
 * once collide on that unique index, and the loser answers the winner's threads. Once every thread
 * of an earlier import has been deleted, the same file imports again.
 */

export type ImportResult = { threadIds: string[]; duplicate: boolean };

// Rows per INSERT: under SQLite's bound-parameter limit for the widest table (Message, 16 columns),
// and about 16 KB of values. Prisma keeps its last 100 debug entries in memory whatever DEBUG says,
// each query's plan among them with every value it inserts: 500 long messages a chunk kept about
// 80 MB (SQLite) to 170 MB (PostgreSQL) alive after a large import; 16 KB keeps it near 10 MB.
const CHUNK = { rows: 500, bytes: 16 * 1024 };
// A large import is one long transaction; the default 15 s would cut a 100,000-message file short,
// and a 500 MB export holds several hundred thousand rows: its limit grows with them (a millisecond
// a row is several times what SQLite and PostgreSQL took here, about 5,000 rows a second).
const txOptions = (rows: number) => ({ maxWait: 15_000, timeout: Math.max(120_000, rows) });

/** What an import's plan needs beyond the file: who imports it and which models this server offers. */
export function importOptions(userId: string): Omit<ImportOptions, "hash"> {
  return { ownerId: userId, newId: () => crypto.randomUUID(), offersModel: (id) => isAvailableModel(config(), id) };
}

/** `spool` holds the plan lib/export/import-file.ts made with importOptions(userId); `hash` is the file's SHA-256. */
export async function importExport(userId: string, hash: string, spool: PlanSpool): Promise<ImportResult> {
  const before = await importedThreads(userId, hash);
  if (before.live.length > 0) return { threadIds: before.live, duplicate: true };
  const store = currentStore();
  try {
    await retryWhenBusy(() =>
      db().$transaction(async (tx) => {
        // The earlier import's threads are all deleted: their marks give way to this one.
        if (before.deleted)
          await tx.thread.updateMany({ where: { userId, importHash: hash }, data: { importHash: null, importIndex: null } });
        await writePlan(tx, spool, { hash, userId, store });
      }, txOptions(spool.rows)),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await importedThreads(userId, hash);
    if (raced.live.length === 0) throw err;
    return { threadIds: raced.live, duplicate: true };
  }
  return { threadIds: spool.threadIds, duplicate: false };
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

/** Parents before children (TABLES), a chunk at a time from the spool; each thread marked with the file's hash. */
async function writePlan(tx: Tx, spool: PlanSpool, to: { hash: string; userId: string; store: ByteStore }) {
  for (const table of TABLES) {
    for await (const rows of spool.chunks(table, CHUNK)) {
      if (table === "attachments") {
        for (const row of rows as ImportPlan["attachments"]) await writeAttachment(tx, to.store, row, to.userId);
        continue;
      }
      const data = table === "threads" ? (rows as ImportPlan["threads"]).map((t) => ({ ...t, importHash: to.hash })) : rows;
      await DELEGATES[table](tx).createMany({ data: data as never });
    }
  }
}

// Prisma's delegates share no type for createMany; each takes its own table's rows as planned.
const DELEGATES = {
  workspaces: (tx: Tx) => tx.workspace,
  threads: (tx: Tx) => tx.thread,
  messages: (tx: Tx) => tx.message,
  summaries: (tx: Tx) => tx.summary,
  compactions: (tx: Tx) => tx.compaction,
  files: (tx: Tx) => tx.workspaceFile,
  versions: (tx: Tx) => tx.fileVersion,
  routines: (tx: Tx) => tx.routine,
  runs: (tx: Tx) => tx.routineRun,
} as unknown as Record<Exclude<PlanTable, "attachments">, (tx: Tx) => { createMany(args: { data: never }): Promise<unknown> }>;
