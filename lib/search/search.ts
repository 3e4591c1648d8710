import "server-only";
import { db, isSqlite } from "@/lib/db/client";
import { encodeSearchCursor, decodeSearchCursor, MAX_OFFSET } from "./cursor";
import { RANKED_MATCHES, searchPostgres, searchSqlite, type SearchScope } from "./engines";
import { parseSearchQuery, type SearchTerm } from "./query";
import { makeSnippet } from "./snippet";

export type SearchResult = {
  threadId: string;
  threadTitle: string;
  messageId: string;
  seq: number;
  role: string;
  createdAt: Date;
  /** HTML-escaped text with <mark> around the matches, and no other markup. */
  snippet: string;
  /** True for a message on a branch not shown now: another version (only with includeDeleted). */
  deleted: boolean;
};

export type SearchPage = { results: SearchResult[]; nextCursor: string | null };

export type SearchRequest = SearchScope & { q: string; limit: number; cursor?: string };

/**
 * Best match first among the newest RANKED_MATCHES matches (lib/search/engines.ts), `limit` at a time; `render` makes the snippet (escaped HTML by default). The caller has checked that the user owns `threadId`; the
 * query also keeps to the user's live threads, so a cross-thread search never leaves them.
 */
export async function searchMessages(
  req: SearchRequest,
  render: (text: string, terms: SearchTerm[]) => string = makeSnippet,
): Promise<SearchPage> {
  const offset = decodeSearchCursor(req.q, req.cursor);
  const query = parseSearchQuery(req.q);
  if (query.terms.length === 0) return { results: [], nextCursor: null };
  const client = db();
  const engine = isSqlite(client) ? searchSqlite : searchPostgres;
  const hits = await engine(client, req, query, req.limit + 1, offset);
  const ids = hits.slice(0, req.limit).map((h) => h.id);
  const rows = await client.message.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      threadId: true,
      seq: true,
      role: true,
      createdAt: true,
      text: true,
      deletedAt: true,
      thread: { select: { title: true } },
    },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results = ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const { threadId, seq, role, createdAt, text, deletedAt, thread } = r;
    return [
      {
        threadId,
        threadTitle: thread.title,
        messageId: id,
        seq,
        role,
        createdAt,
        snippet: render(text, query.terms),
        deleted: deletedAt !== null,
      },
    ];
  });
  const next = offset + req.limit;
  return {
    results,
    nextCursor: hits.length > req.limit && next <= MAX_OFFSET && next < RANKED_MATCHES ? encodeSearchCursor(req.q, next) : null,
  };
}
