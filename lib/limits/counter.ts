import "server-only";
import { db } from "@/lib/db/client";

/*
 * The one statement every limit counts with: a row per key holds the current fixed window and its
 * count. One upsert increments and returns, so two instances never both let the N+1st request
 * through. A row from an older window restarts at 1; a row from a newer window (an instance whose
 * clock runs ahead) keeps counting in that window.
 */

export type Tally = { count: number; window: number };

/**
 * Counts one more for `key` in window `index` and returns the tally. With `unlessAccount`, the same
 * statement counts only while that id is not an account's, and answers null when it is one.
 */
export async function bumpCounter(key: string, index: number, opts: { unlessAccount?: string } = {}): Promise<Tally | null> {
  const accountId = opts.unlessAccount ?? null;
  // SQLite needs a WHERE on an upsert's SELECT (else ON reads as a join), PostgreSQL the casts to
  // type the parameters of a SELECT list; NULL matches no account.
  const rows = await db().$queryRaw<{ count: number | bigint; window: number | bigint }[]>`
    INSERT INTO "RateCounter" ("key", "window", "count")
    SELECT CAST(${key} AS TEXT), CAST(${index} AS INTEGER), 1 WHERE NOT EXISTS (SELECT 1 FROM "AuthUser" WHERE "id" = ${accountId})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateCounter"."window" >= excluded."window" THEN "RateCounter"."count" + 1 ELSE 1 END,
      "window" = CASE WHEN "RateCounter"."window" >= excluded."window" THEN "RateCounter"."window" ELSE excluded."window" END
    RETURNING "count", "window"`;
  return rows.length ? { count: Number(rows[0].count), window: Number(rows[0].window) } : null;
}

/** The tally of `key` in window `index` or later, without counting; zero when it has none. */
export async function readCounter(key: string, index: number): Promise<Tally> {
  const row = await db().rateCounter.findUnique({ where: { key }, select: { count: true, window: true } });
  return row && row.window >= index ? { count: row.count, window: row.window } : { count: 0, window: index };
}
