import { messageText } from "@/lib/context";
import type { Db, Tx } from "./client";
import { db, isSqlite } from "./client";

const UPSERT_CHUNK = 300;
import type { MessagePart, MessageRow } from "./messages";

/*
 * A streaming reply's parts are saved one changed part at a time (ReplyPart rows by index), not as
 * one JSON column rewritten on every save: a save's cost is the size of what changed (the growing
 * last part, new tool calls and results), whatever the size of the reply. Readers of a streaming
 * row overlay its draft rows on Message.parts; the end of the reply (or its interruption) folds
 * them into Message.parts and deletes them in the same transaction.
 */

/** The parts of a reply as saved: stored parts overridden by draft rows, by index. */
export function overlayParts(stored: MessagePart[], drafts: { idx: number; part: string }[]): MessagePart[] {
  const parts = [...stored];
  for (const d of drafts) parts[d.idx] = JSON.parse(d.part) as MessagePart;
  return parts.filter((p) => p !== undefined);
}

export async function draftRows(client: Db | Tx, messageId: string) {
  return client.replyPart.findMany({ where: { messageId }, orderBy: { idx: "asc" }, select: { idx: true, part: true } });
}

/**
 * Writes the given parts of a streaming reply (upserts by index), only while it is still
 * streaming: a reply already ended or marked interrupted keeps what it has (false).
 */
export async function saveDraftParts(messageId: string, changed: { idx: number; json: string }[]): Promise<boolean> {
  if (changed.length === 0) return true;
  return db().$transaction(async (tx) => {
    const live = await tx.message.count({ where: { id: messageId, status: "streaming" } });
    if (live === 0) return false;
    // One statement per save (a step can add dozens of tool parts), in chunks under SQLite's
    // parameter limit.
    const sqlite = isSqlite(db());
    for (let i = 0; i < changed.length; i += UPSERT_CHUNK) {
      const chunk = changed.slice(i, i + UPSERT_CHUNK);
      const values = chunk.map((_, j) => (sqlite ? "(?, ?, ?)" : `($${3 * j + 1}, $${3 * j + 2}, $${3 * j + 3})`)).join(", ");
      await tx.$executeRawUnsafe(
        `INSERT INTO "ReplyPart" ("messageId", "idx", "part") VALUES ${values}
         ON CONFLICT ("messageId", "idx") DO UPDATE SET "part" = excluded."part"`,
        ...chunk.flatMap((c) => [messageId, c.idx, c.json]),
      );
    }
    return true;
  });
}

/** Streaming rows of a page with their draft parts applied (one query for the page). */
export async function withDraftParts(messages: MessageRow[]): Promise<MessageRow[]> {
  const streaming = messages.filter((m) => m.status === "streaming").map((m) => m.id);
  if (streaming.length === 0) return messages;
  const rows = await db().replyPart.findMany({ where: { messageId: { in: streaming } }, orderBy: { idx: "asc" } });
  if (rows.length === 0) return messages;
  return messages.map((m) => {
    const mine = rows.filter((r) => r.messageId === m.id);
    if (mine.length === 0) return m;
    const parts = overlayParts(m.parts, mine);
    return { ...m, parts, text: messageText(parts) };
  });
}
