// Pure: the opaque cursor of a search result page. Results are ordered by rank, which has no
// stable key to seek from, so the cursor carries an offset, bound to the query it was made for: a
// cursor replayed with another query is refused rather than silently paging something else.
import { AppError } from "@/lib/errors";

export const MAX_OFFSET = 1000;

function fingerprint(query: string): string {
  let h = 2166136261;
  for (let i = 0; i < query.length; i++) h = Math.imul(h ^ query.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

export function encodeSearchCursor(query: string, offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset, q: fingerprint(query) })).toString("base64url");
}

export function decodeSearchCursor(query: string, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const bad = () =>
    new AppError("invalid_body", 'Invalid query parameter "cursor": must be a nextCursor from the same search', { field: "cursor" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  const { o, q } = (parsed ?? {}) as { o?: unknown; q?: unknown };
  if (typeof o !== "number" || !Number.isInteger(o) || o < 0 || o > MAX_OFFSET || q !== fingerprint(query)) throw bad();
  return o;
}
