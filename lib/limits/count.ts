import "server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { limitMessage, secondsUntilNextWindow, windowIndex, type LimitKind } from "./window";

/**
 * Counts one request of `kind` for the user and refuses it with 429 once the window's allowance is
 * used. One statement increments and returns the count, so two instances never both let the
 * N+1st request through. A row from an older window restarts at 1; a row from a newer window (an
 * instance whose clock runs ahead) keeps counting in that window.
 *
 * With `unlessAccount`, the same statement counts only while the id is not an account's, and the
 * answer says whether it counted: a guest cookie whose id has since become an account must not
 * open it (lib/auth/session.ts), and asking that separately would cost every write a round trip.
 */
export async function countRequest(
  userId: string,
  kind: LimitKind,
  opts: { nowMs?: number; unlessAccount?: boolean } = {},
): Promise<boolean> {
  const nowMs = opts.nowMs ?? Date.now();
  const { RATE_WINDOW_S, RATE_TURNS_PER_WINDOW, RATE_WRITES_PER_WINDOW } = config();
  const allowed = kind === "turn" ? RATE_TURNS_PER_WINDOW : RATE_WRITES_PER_WINDOW;
  const index = windowIndex(nowMs, RATE_WINDOW_S);
  const key = `${userId}:${kind}`;
  const accountId = opts.unlessAccount ? userId : null;
  // SQLite needs a WHERE on an upsert's SELECT (else ON reads as a join), PostgreSQL the casts to
  // type the parameters of a SELECT list; NULL matches no account.
  const rows = await db().$queryRaw<{ count: number | bigint; window: number | bigint }[]>`
    INSERT INTO "RateCounter" ("key", "window", "count")
    SELECT CAST(${key} AS TEXT), CAST(${index} AS INTEGER), 1 WHERE NOT EXISTS (SELECT 1 FROM "AuthUser" WHERE "id" = ${accountId})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateCounter"."window" >= excluded."window" THEN "RateCounter"."count" + 1 ELSE 1 END,
      "window" = CASE WHEN "RateCounter"."window" >= excluded."window" THEN "RateCounter"."window" ELSE excluded."window" END
    RETURNING "count", "window"`;
  if (rows.length === 0) return false;
  const count = Number(rows[0].count);
  if (count <= allowed) return true;
  const retryAfterSeconds = secondsUntilNextWindow(nowMs, RATE_WINDOW_S, Number(rows[0].window));
  throw new AppError("rate_limited", limitMessage(kind, retryAfterSeconds), { retryAfterSeconds, limit: kind });
}
