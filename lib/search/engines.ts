import "server-only";
import type { Db } from "@/lib/db/client";
import { fts5Phrase, likeContains, tokensOf, type SearchQuery } from "./query";

/** Which rows to search: one thread, or every live thread of a user. */
export type SearchScope = {
  userId: string;
  threadId?: string;
  includeDeleted: boolean;
  /** Rows to leave out: the agent's own running turn (its question would match itself). */
  excludeIds?: string[];
  /** Only messages with seq in this range (the span a compaction summarized). */
  seqRange?: { from: number; to: number };
};
export type RankedHit = { id: string };

/**
 * Every query ranks at most this many matches: the newest ones (by insertion on SQLite, by seq in
 * a thread and by time across threads on PostgreSQL), ordered best match first. A common word in
 * a 100,000-message thread would otherwise score every one of its matches on every keystroke;
 * this way a query costs at most RANKED_MATCHES scores whatever the thread's size. Pages end there.
 */
export const RANKED_MATCHES = 500;

// Raw SQL because neither provider's full-text syntax exists in Prisma. Every piece of user text
// is a bound parameter; the only text spliced into SQL is built here from fixed fragments.

/** SQLite: FTS5 MATCH narrows inside the index (thread id as a column), bm25 orders the newest matches. */
export async function searchSqlite(client: Db, scope: SearchScope, query: SearchQuery, take: number, skip: number): Promise<RankedHit[]> {
  const match: string[] = [];
  if (scope.threadId) match.push(`threadId : ${fts5Phrase(tokensOf(scope.threadId))}`);
  // An exact term's last word may be cut short ("getAccount" in getAccountHandler): a prefix.
  for (const term of query.terms) match.push(`text : ${fts5Phrase(term.tokens)}${term.kind === "exact" ? " *" : ""}`);
  const where = ['"MessageFts" MATCH ?', 't."userId" = ?', 't."deletedAt" IS NULL'];
  const params: unknown[] = [match.join(" AND "), scope.userId];
  if (scope.threadId) {
    where.push('m."threadId" = ?');
    params.push(scope.threadId);
  }
  if (!scope.includeDeleted) where.push('m."deletedAt" IS NULL');
  for (const id of scope.excludeIds ?? []) {
    where.push('m."id" <> ?');
    params.push(id);
  }
  if (scope.seqRange) {
    where.push('m."seq" BETWEEN ? AND ?');
    params.push(scope.seqRange.from, scope.seqRange.to);
  }
  for (const term of query.terms) {
    if (term.kind !== "exact") continue;
    where.push('instr(lower(m."text"), ?) > 0');
    params.push(term.text.toLowerCase());
  }
  params.push(RANKED_MATCHES, take, skip);
  // The index walks its keys newest first (FTS5 serves ORDER BY rowid DESC from the doclists) and
  // stops at RANKED_MATCHES rows that pass the filters; only those are scored and sorted.
  return client.$queryRawUnsafe<RankedHit[]>(
    `WITH newest AS (
       SELECT m."id" AS id, m."seq" AS seq, bm25("MessageFts", 1.0, 0.0) AS score
       FROM "MessageFts" JOIN "MessageSearchKey" k ON k."key" = "MessageFts".rowid
       JOIN "Message" m ON m."id" = k."messageId"
       JOIN "Thread" t ON t."id" = m."threadId"
       WHERE ${where.join(" AND ")}
       ORDER BY "MessageFts".rowid DESC LIMIT ?
     )
     SELECT id FROM newest ORDER BY score, seq DESC, id LIMIT ? OFFSET ?`,
    ...params,
  );
}

/** PostgreSQL: the English tsvector GIN for words, the trigram GIN for exact substrings; ts_rank orders the newest matches. */
export async function searchPostgres(client: Db, scope: SearchScope, query: SearchQuery, take: number, skip: number): Promise<RankedHit[]> {
  const params: unknown[] = [scope.userId];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['t."userId" = $1', 't."deletedAt" IS NULL'];
  if (scope.threadId) where.push(`m."threadId" = ${p(scope.threadId)}`);
  if (!scope.includeDeleted) where.push('m."deletedAt" IS NULL');
  for (const id of scope.excludeIds ?? []) where.push(`m."id" <> ${p(id)}`);
  if (scope.seqRange) where.push(`m."seq" BETWEEN ${p(scope.seqRange.from)} AND ${p(scope.seqRange.to)}`);
  const words = query.terms.filter((t) => t.kind === "word").map((t) => `plainto_tsquery('english', ${p(t.text)})`);
  const tsquery = words.length ? words.join(" && ") : null;
  if (tsquery) where.push(`to_tsvector('english'::regconfig, m."text") @@ (${tsquery})`);
  for (const term of query.terms) if (term.kind === "exact") where.push(`m."text" ILIKE ${p(likeContains(term.text))}`);
  // Exact terms alone have no word rank: newest first.
  const rank = tsquery ? `ts_rank(to_tsvector('english'::regconfig, "text"), ${tsquery}) DESC, ` : "";
  // In a thread, "newest" is the (threadId, deletedAt, seq) index read backwards; across threads, time.
  const newest = scope.threadId ? 'm."seq" DESC' : 'm."createdAt" DESC';
  return client.$queryRawUnsafe<RankedHit[]>(
    `WITH newest AS (
       SELECT m."id" AS id, m."seq" AS seq, m."text" AS "text" FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
       WHERE ${where.join(" AND ")}
       ORDER BY ${newest}, m."id" LIMIT ${p(RANKED_MATCHES)}
     )
     SELECT id FROM newest ORDER BY ${rank}seq DESC, id LIMIT ${p(take)} OFFSET ${p(skip)}`,
    ...params,
  );
}
