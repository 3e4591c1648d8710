import "server-only";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { bumpCounter } from "./counter";
import { limitMessage, secondsUntilNextPeriod, periodIndex, type LimitKind } from "./rate-period";

/**
 * Counts one request of `kind` for the user and refuses it with 429 once the rate period's allowance
 * is used (lib/limits/counter.ts: one statement, so two instances agree).
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
  const index = periodIndex(nowMs, RATE_WINDOW_S);
  const tally = await bumpCounter(`${userId}:${kind}`, index, { unlessAccount: opts.unlessAccount ? userId : undefined });
  if (!tally) return false;
  if (tally.count <= allowed) return true;
  const retryAfterSeconds = secondsUntilNextPeriod(nowMs, RATE_WINDOW_S, tally.period);
  throw new AppError("rate_limited", limitMessage(kind, retryAfterSeconds), { retryAfterSeconds, limit: kind });
}
