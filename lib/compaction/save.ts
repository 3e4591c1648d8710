import { mergeNamesFile, NAMES_FILE_PATH, type NameSighting } from "@/lib/context";
import { config } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { writeTx } from "@/lib/workspace/write-tx";

export type SaveInput = {
  threadId: string;
  compactionId: string;
  text: string;
  tokens: number;
  cutMessageId: string;
  floorMessageId: string | null;
  /** The lease holder: a job whose lease expired and was taken over must not save. */
  holder: string;
  /** Names the summary does not carry: merged into the workspace names file in the same transaction. */
  namesFile?: { workspaceId: string; sightings: readonly NameSighting[] };
};

export type SaveOutcome = { saved: true; summaryId: string } | { saved: false; reason: string };

/**
 * Saves a summary only if the transcript still has its cut message and the same run floor. The
 * no-op UPDATE on the cut row both checks it is live and locks it (PostgreSQL), so an edit that
 * removes it either commits before this check (we discard) or waits until we commit (and then
 * makes the new summary stale, which every request sees).
 */
export async function saveSummaryIfCurrent(input: SaveInput): Promise<SaveOutcome> {
  return db().$transaction(async (tx) => {
    const stillHeld = await tx.thread.updateMany({
      where: { id: input.threadId, compactionHolder: input.holder },
      data: { compactionHolder: input.holder },
    });
    if (stillHeld.count !== 1) return { saved: false, reason: "its heartbeat stopped long enough for another compaction to take over" };
    const locked = await tx.message.updateMany({
      where: { id: input.cutMessageId, threadId: input.threadId, deletedAt: null },
      data: { deletedAt: null },
    });
    if (locked.count !== 1) return { saved: false, reason: "the cut message was removed by an edit or retry while summarizing" };
    const floor = await tx.message.findFirst({
      where: { threadId: input.threadId, deletedAt: null, runStart: true },
      orderBy: { seq: "desc" },
      select: { id: true },
    });
    if ((floor?.id ?? null) !== input.floorMessageId) return { saved: false, reason: "a new run started while summarizing" };
    // The new summary replaces the ones in force on this path (their cut is on it). A summary made
    // on another branch (its cut off the path) stays active: showing that branch again uses it.
    const active = await tx.summary.findMany({
      where: { threadId: input.threadId, status: "active" },
      select: { id: true, cutMessageId: true },
    });
    const onPath = await tx.message.findMany({
      where: { threadId: input.threadId, deletedAt: null, id: { in: active.map((s) => s.cutMessageId) } },
      select: { id: true },
    });
    const replaced = new Set(onPath.map((m) => m.id));
    await tx.summary.updateMany({
      where: { id: { in: active.filter((s) => replaced.has(s.cutMessageId)).map((s) => s.id) } },
      data: { status: "superseded" },
    });
    const summary = await tx.summary.create({
      data: {
        threadId: input.threadId,
        text: input.text,
        tokens: input.tokens,
        cutMessageId: input.cutMessageId,
        floorMessageId: input.floorMessageId,
        status: "active",
      },
      select: { id: true },
    });
    await tx.compaction.update({ where: { id: input.compactionId }, data: { summaryId: summary.id } });
    // Same transaction: a summary that points at the names file is never saved without its names.
    if (input.namesFile && input.namesFile.sightings.length > 0)
      await writeNamesFile(tx, input.namesFile.workspaceId, input.namesFile.sightings);
    return { saved: true, summaryId: summary.id };
  });
}

async function writeNamesFile(tx: Tx, workspaceId: string, sightings: readonly NameSighting[]): Promise<void> {
  const current = await tx.workspaceFile.findFirst({
    where: { workspaceId, path: NAMES_FILE_PATH },
    select: { content: true, version: true, deletedAt: true },
  });
  const live = current && !current.deletedAt ? current : null;
  const { content, dropped } = mergeNamesFile(live?.content ?? null, sightings, config().MAX_FILE_BYTES);
  if (dropped > 0) console.warn(`[names file] ${dropped} oldest entries dropped to stay under MAX_FILE_BYTES`);
  if (live?.content === content) return;
  await writeTx(tx, workspaceId, { path: NAMES_FILE_PATH, content, baseVersion: live ? live.version : null, author: "agent" });
}
