import type { Db, Tx } from "./client";
import { retryWhenBusy } from "./busy-retry";
import { db } from "./client";
import { MESSAGE_ROLES, MESSAGE_STATUSES, type MessageRole, type MessageStatus } from "./message-columns";
import { withDraftParts } from "./reply-parts";
import { storedValue } from "./stored-value";

export type MessagePart = { type: string; text?: string; [key: string]: unknown };

/** A stored message as the server reads it (parts parsed). ApiMessage (lib/api) is its wire form. */
export type MessageRow = {
  id: string;
  seq: number;
  role: MessageRole;
  parts: MessagePart[];
  text: string;
  tokens: number;
  status: MessageStatus;
  error: string | null;
  errorCode: string | null;
  runStart: boolean;
  createdAt: Date;
};

// The row as stored: role and status unchecked, parts as JSON text.
type Row = Omit<MessageRow, "role" | "status" | "parts"> & { role: string; status: string; parts: string };

export const messageSelect = {
  id: true,
  seq: true,
  role: true,
  parts: true,
  text: true,
  tokens: true,
  status: true,
  error: true,
  errorCode: true,
  runStart: true,
  createdAt: true,
} as const;

export function toStored(row: Row): MessageRow {
  return {
    ...row,
    role: storedValue(MESSAGE_ROLES, row.role, "Message.role"),
    status: storedValue(MESSAGE_STATUSES, row.status, "Message.status"),
    parts: JSON.parse(row.parts) as MessagePart[],
  };
}

export type NewMessage = {
  id?: string;
  role: MessageRow["role"];
  parts: MessagePart[];
  text: string;
  tokens: number;
  status?: MessageStatus;
  error?: string | null;
  errorCode?: string | null;
  runStart?: boolean;
  /** Set when the row is stored only for audit (a reply to a message that an edit removed). */
  deletedAt?: Date | null;
};

/** Allocates the next per-thread sequence number with one atomic increment, then inserts. */
export async function appendMessageTx(tx: Tx, threadId: string, m: NewMessage): Promise<MessageRow> {
  const { lastSeq } = await tx.thread.update({
    where: { id: threadId },
    data: { lastSeq: { increment: 1 }, updatedAt: new Date() },
    select: { lastSeq: true },
  });
  const row = await tx.message.create({ data: messageData(threadId, lastSeq, m), select: messageSelect });
  return toStored(row);
}

/**
 * Inserts messages at the seqs after `lastSeq`, in one statement, and returns their ids in order.
 * For a caller that holds the thread's row lock and moves Thread.lastSeq itself (a turn's opening
 * folds that into its claim, so a burst of turns spends fewer round trips inside transactions).
 */
export async function insertMessagesTx(tx: Tx, threadId: string, lastSeq: number, messages: NewMessage[]): Promise<string[]> {
  const rows = await tx.message.createManyAndReturn({
    data: messages.map((m, i) => messageData(threadId, lastSeq + 1 + i, m)),
    select: { id: true, seq: true },
  });
  return rows.sort((a, b) => a.seq - b.seq).map((r) => r.id);
}

function messageData(threadId: string, seq: number, m: NewMessage) {
  return {
    ...(m.id ? { id: m.id } : {}),
    threadId,
    seq,
    role: m.role,
    parts: JSON.stringify(m.parts),
    text: m.text,
    tokens: m.tokens,
    status: m.status ?? "complete",
    error: m.error ?? null,
    errorCode: m.errorCode ?? null,
    runStart: m.runStart ?? false,
    deletedAt: m.deletedAt ?? null,
  };
}

export function appendMessage(threadId: string, m: NewMessage, client: Db = db()): Promise<MessageRow> {
  return retryWhenBusy(() => client.$transaction((tx) => appendMessageTx(tx, threadId, m)), client);
}

/** One page of the live transcript, newest page first; the page itself is oldest-first. */
export async function listMessagesPage(threadId: string, opts: { beforeSeq?: number; limit: number }) {
  const rows = await db().message.findMany({
    where: { threadId, deletedAt: null, ...(opts.beforeSeq !== undefined ? { seq: { lt: opts.beforeSeq } } : {}) },
    orderBy: { seq: "desc" },
    take: opts.limit + 1,
    select: messageSelect,
  });
  const hasMore = rows.length > opts.limit;
  const page = await withDraftParts(rows.slice(0, opts.limit).reverse().map(toStored));
  // The row past the page is the live message before it: where the first one's versions hang.
  return { messages: page, nextCursor: hasMore && page.length ? String(page[0].seq) : null, previousId: rows[opts.limit]?.id ?? null };
}

/** The latest routine run's start message (the floor), or null outside routines. */
export async function latestRunStart(threadId: string, client: Db | Tx = db()) {
  const row = await client.message.findFirst({
    where: { threadId, deletedAt: null, runStart: true },
    orderBy: { seq: "desc" },
    select: messageSelect,
  });
  return row ? toStored(row) : null;
}

/**
 * Live messages with seq >= fromSeq, in order: what model input is built from. A reply still being
 * written (status streaming) is not part of any model input, including its own turn's.
 */
export async function messagesFrom(threadId: string, fromSeq: number, client: Db | Tx = db()) {
  const rows = await client.message.findMany({
    where: { threadId, deletedAt: null, seq: { gte: fromSeq }, status: { not: "streaming" } },
    orderBy: { seq: "asc" },
    select: messageSelect,
  });
  return rows.map(toStored);
}
