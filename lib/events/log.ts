import { db } from "@/lib/db/client";
import { changeData, toThreadEvent, type ThreadChange, type ThreadEvent } from "./types";

/*
 * The change log's statements (table ThreadEvent). Appends are single INSERTs (autocommit), so a
 * row is visible a moment after its id is handed out; readers allow for that (log-cursor.ts).
 */

/** The most rows one read returns; a poll or replay that gets this many reads again right away. */
export const LOG_PAGE = 500;

/** Appends one change for each thread; returns the events in id order. */
export async function appendChanges(threadIds: readonly string[], change: ThreadChange): Promise<ThreadEvent[]> {
  if (threadIds.length === 0) return [];
  const data = changeData(change);
  const rows = await db().threadEvent.createManyAndReturn({
    data: threadIds.map((threadId) => ({ threadId, type: change.type, data })),
    select: { id: true, threadId: true, type: true, data: true },
  });
  return rows.flatMap((r) => toThreadEvent(r) ?? []).sort((a, b) => a.id - b.id);
}

/** Every thread's rows after `after` (the log poll without Redis). */
export async function readLog(after: number, limit = LOG_PAGE): Promise<ThreadEvent[]> {
  const rows = await db().threadEvent.findMany({
    where: { id: { gt: after } },
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true, threadId: true, type: true, data: true },
  });
  return rows.flatMap((r) => toThreadEvent(r) ?? []);
}

/** One thread's rows after `after` (a reconnecting feed's replay). */
export async function readThreadLog(threadId: string, after: number, limit = LOG_PAGE): Promise<ThreadEvent[]> {
  const rows = await db().threadEvent.findMany({
    where: { threadId, id: { gt: after } },
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true, threadId: true, type: true, data: true },
  });
  return rows.flatMap((r) => toThreadEvent(r) ?? []);
}

/** The newest id and the oldest one still kept (0 when the log is empty). */
export async function logBounds(): Promise<{ newest: number; oldest: number }> {
  const agg = await db().threadEvent.aggregate({ _max: { id: true }, _min: { id: true } });
  return { newest: agg._max.id ?? 0, oldest: agg._min.id ?? 0 };
}

/**
 * Deletes rows older than `keepMs`, except the newest of them: the oldest row kept then marks how
 * far the log was pruned, so a cursor below it is known to have missed something (see feed.ts).
 */
export async function pruneLog(keepMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepMs);
  const boundary = await db().threadEvent.findFirst({
    where: { createdAt: { lt: cutoff } },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  if (!boundary) return 0;
  const { count } = await db().threadEvent.deleteMany({ where: { id: { lt: boundary.id } } });
  return count;
}
