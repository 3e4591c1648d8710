import "server-only";
import { db } from "@/lib/db/client";

/*
 * The one statement every limit counts with: a row per key holds the index of the current rate
 * period (lib/limits/rate-period.ts) and its count. One upsert increments and returns, so two
 * instances never both let the N+1st request through. A row from an older period restarts at 1; a
 * row from a newer period (an instance whose clock runs ahead) keeps counting in that period.
 */

export type Tally = { count: number; period: number };

/**
 * Counts one more for `key` in rate period `index` and returns the tally. With `unlessAccount`, the same
 * statement counts only while that id is not an account's, and answers null when it is one.
 */
export async function bumpCounter(key: string, index: number, opts: { unlessAccount?: string } = {}): Promise<Tally | null> {
  const accountId = opts.unlessAccount ?? null;
  // SQLite needs a WHERE on an upsert's SELECT (else ON reads as a join), PostgreSQL the casts to
  // type the parameters of a SELECT list; NULL matches no account.
  const rows = await db().$queryRaw<{ count: number | bigint; period: number | bigint }[]>`
    INSERT INTO "RateCounter" ("key", "period", "count")
    SELECT CAST(${key} AS TEXT), CAST(${index} AS INTEGER), 1 WHERE NOT EXISTS (SELECT 1 FROM "AuthUser" WHERE "id" = ${accountId})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateCounter"."period" >= excluded."period" THEN "RateCounter"."count" + 1 ELSE 1 END,
      "period" = CASE WHEN "RateCounter"."period" >= excluded."period" THEN "RateCounter"."period" ELSE excluded."period" END
    RETURNING "count", "period"`;
  return rows.length ? { count: Number(rows[0].count), period: Number(rows[0].period) } : null;
}

/** The tally of `key` in rate period `index` or later, without counting; zero when it has none. */
export async function readCounter(key: string, index: number): Promise<Tally> {
  const row = await db().rateCounter.findUnique({ where: { key }, select: { count: true, period: true } });
  return row && row.period >= index ? { count: row.count, period: row.period } : { count: 0, period: index };
}
