/*
 * The live feed's event shapes (GET /api/threads/:id/events). An event says what changed in a
 * thread and names it by ids and versions, never by content: the page reads the content again
 * through the API it already uses (or patches its cache), so the feed leaks nothing new and stays
 * small. Pure: no database, no network.
 */

export type ThreadChange =
  /** A turn opened: the person's message (when there is a new one) and the streaming reply were stored. */
  | { type: "turn.started"; messageId: string; answeredMessageId: string | null }
  /** The streaming reply's stored parts moved on (about once a second while it streams). */
  | { type: "turn.progress"; messageId: string }
  /** The reply is final and the thread takes the next turn (`messageId` null: a dead process's turn, swept). */
  | { type: "turn.ended"; messageId: string | null; status: string }
  /** An edit or a retry replaced a message: it and everything after it left the live transcript. */
  | { type: "message.replaced"; messageId: string; replacedBy: string | null }
  | { type: "compaction.started"; compactionId: string }
  /** A compaction finished; `status` says whether a summary was saved (its receipt is in the context). */
  | { type: "compaction.landed"; compactionId: string; status: string }
  /** A workspace file was written, renamed (`path`: the new name), restored or deleted; `version`: its new version. */
  | { type: "file.changed"; path: string; version: number | null }
  | { type: "action.changed"; key: string; status: string }
  /** A routine run in this (the routine's) thread started or finished. */
  | { type: "run.changed"; runId: string }
  /** The chat's title changed (the model's title, a rename) or it was archived or brought back. */
  | { type: "thread.changed" };

export type ThreadEventType = ThreadChange["type"];

/** A change as the feed sends it: `id` is the cursor (the change log's row id, increasing). */
export type ThreadEvent = ThreadChange & { id: number; threadId: string };

/** Every type the feed sends (exhaustive: a missing or extra entry is a type error). */
const THREAD_EVENT_TYPES = Object.keys({
  "turn.started": 1,
  "turn.progress": 1,
  "turn.ended": 1,
  "message.replaced": 1,
  "compaction.started": 1,
  "compaction.landed": 1,
  "file.changed": 1,
  "action.changed": 1,
  "run.changed": 1,
  "thread.changed": 1,
} satisfies Record<ThreadEventType, 1>) as ThreadEventType[];

const TYPES: ReadonlySet<string> = new Set(THREAD_EVENT_TYPES);

export function isThreadEventType(type: string): type is ThreadEventType {
  return TYPES.has(type);
}

/** A stored or published row back into an event; anything malformed is dropped (null), never thrown. */
export function toThreadEvent(row: { id: number; threadId: string; type: string; data: string }): ThreadEvent | null {
  if (!isThreadEventType(row.type)) return null;
  try {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    return { ...data, id: row.id, threadId: row.threadId, type: row.type } as ThreadEvent;
  } catch (err) {
    if (err instanceof SyntaxError) return null;
    throw err;
  }
}

/** The change's fields other than its type, as stored in the log's `data` column. */
export function changeData(change: ThreadChange): string {
  const { type: _type, ...data } = change;
  return JSON.stringify(data);
}

/**
 * The cursor a reconnecting tab sends (the `Last-Event-ID` header, or `?after=`): a non-negative
 * integer, else none. A garbled one starts from now rather than failing the feed.
 */
export function parseCursor(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}
