import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { requestContext } from "@/lib/http/request-context";

/*
 * Bounded work: how many replies this server process streams at once for people (chat sends,
 * regenerations, retries), in total and per client address. Past either bound the request is
 * refused at once, before anything is stored, with Retry-After: 503 server_busy when the instance is
 * full, 429 rate_limited when one address holds its share. Without a bound, 200 long turns from one
 * client starved every request on the instance (reads took 14-34 s) and its lease renewals.
 * Counted in this process: each instance bounds its own event loop, which is what overload hurts.
 * Routine runs are not counted (one per routine at a time, by their lease).
 */

const RETRY_AFTER_S = 5;
let total = 0;
const byAddress = new Map<string, number>();

/** The client address as lib/http decides it, when the request context carries one. */
function callerAddress(): string | null {
  return requestContext()?.clientAddress ?? null;
}

/** Takes a slot or throws the 503/429; returns the release (safe to call twice). */
function takeTurnSlot(address: string | null = callerAddress()): () => void {
  const { TURNS_AT_ONCE, TURNS_AT_ONCE_PER_ADDRESS } = config();
  if (total >= TURNS_AT_ONCE) {
    throw new AppError("server_busy", `This server is writing as many replies as it can (${TURNS_AT_ONCE}). Try again in a few seconds.`, {
      retryAfterSeconds: RETRY_AFTER_S,
    });
  }
  const mine = address === null ? 0 : (byAddress.get(address) ?? 0);
  if (address !== null && mine >= TURNS_AT_ONCE_PER_ADDRESS) {
    throw new AppError(
      "rate_limited",
      `Too many replies at once from your address (at most ${TURNS_AT_ONCE_PER_ADDRESS}). Wait for one to finish.`,
      {
        retryAfterSeconds: RETRY_AFTER_S,
      },
    );
  }
  total++;
  if (address !== null) byAddress.set(address, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    if (address === null) return;
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left > 0) byAddress.set(address, left);
    else byAddress.delete(address);
  };
}

/** Runs `start` in a slot held until the turn's outcome settles (or `start` fails). */
export async function inTurnSlot<T extends { outcome: Promise<unknown> }>(start: () => Promise<T>): Promise<T> {
  const release = takeTurnSlot();
  try {
    const turn = await start();
    void turn.outcome.finally(release);
    return turn;
  } catch (err) {
    release();
    throw err;
  }
}
