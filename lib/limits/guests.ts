import "server-only";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { bumpCounter } from "./counter";
import { secondsUntilNextPeriod, periodIndex } from "./rate-period";

const HOUR_S = 3600;

/*
 * Every per-user limit is only as good as the cost of a new user: a client that makes a fresh guest
 * for each burst multiplies its allowance. So new guests are counted per client address
 * (lib/http/client-address.ts), GUESTS_PER_ADDRESS_PER_HOUR in each clock hour.
 */
export async function admitNewGuest(address: string, nowMs = Date.now()): Promise<void> {
  const tally = (await bumpCounter(`guests:${address}`, periodIndex(nowMs, HOUR_S)))!;
  if (tally.count <= config().GUESTS_PER_ADDRESS_PER_HOUR) return;
  const retryAfterSeconds = secondsUntilNextPeriod(nowMs, HOUR_S, tally.period);
  throw new AppError(
    "rate_limited",
    `Too many new guest sessions from your network. Sign in, or try again in ${Math.ceil(retryAfterSeconds / 60)} min.`,
    { retryAfterSeconds, limit: "guests" },
  );
}
