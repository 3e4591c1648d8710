import "server-only";
import { db } from "@/lib/db/client";

/**
 * Adds the seqs of each compaction receipt's summarized span (first and last message), so the
 * page can open the span and search inside it: a jump and a range filter work by seq.
 */
export async function withSpanSeqs<R extends { spanFirstId: string | null; spanLastId: string | null }>(
  receipts: R[],
): Promise<Array<R & { spanFirstSeq: number | null; spanLastSeq: number | null }>> {
  const ids = [...new Set(receipts.flatMap((r) => [r.spanFirstId, r.spanLastId]).filter((id): id is string => id !== null))];
  const rows = ids.length ? await db().message.findMany({ where: { id: { in: ids } }, select: { id: true, seq: true } }) : [];
  const seq = new Map(rows.map((r) => [r.id, r.seq]));
  const of = (id: string | null) => (id ? (seq.get(id) ?? null) : null);
  return receipts.map((r) => ({ ...r, spanFirstSeq: of(r.spanFirstId), spanLastSeq: of(r.spanLastId) }));
}
