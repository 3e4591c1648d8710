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
 */
export async function countRequest(userId: string, kind: LimitKind, nowMs = Date.now()): Promise<void> {
  const { RATE_WINDOW_S, RATE_TURNS_PER_WINDOW, RATE_WRITES_PER_WINDOW } = config();
  const allowed = kind === "turn" ? RATE_TURNS_PER_WINDOW : RATE_WRITES_PER_WINDOW;
  const index = windowIndex(nowMs, RATE_WINDOW_S);
  const key = `${userId}:${kind}`;
  const rows = await db().$queryRaw<{ count: number | bigint; window: number | bigint }[]>`
    INSERT INTO "RateCounter" ("key", "window", "count") VALUES (${key}, ${index}, 1)
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateCounter"."window" >= excluded."window" THEN "RateCounter"."count" + 1 ELSE 1 END,
      "window" = CASE WHEN "RateCounter"."window" >= excluded."window" THEN "RateCounter"."window" ELSE excluded."window" END
    RETURNING "count", "window"`;
  const count = Number(rows[0].count);
  if (count <= allowed) return;
  const retryAfterSeconds = secondsUntilNextWindow(nowMs, RATE_WINDOW_S, Number(rows[0].window));
  throw new AppError("rate_limited", limitMessage(kind, retryAfterSeconds), { retryAfterSeconds, limit: kind });
}
