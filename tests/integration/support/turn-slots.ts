import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { runInRequestContext } from "@/lib/http/request-context";
import { inTurnSlot } from "@/lib/limits/turn-slots";

/*
 * This instance's turn slots (lib/limits/turn-slots.ts), reached as the routes reach them: a turn
 * held in a slot through inTurnSlot, from the client address lib/http puts in the request context.
 */

const settled = () => new Promise((r) => setImmediate(r));

/**
 * Holds a slot as a turn from `address` would (null: no address, as outside a request) until the
 * returned function ends the turn; refused with the route's 503/429 AppError when none is free.
 */
export async function holdTurnSlot(address: string | null): Promise<() => Promise<void>> {
  let end!: () => void;
  const outcome = new Promise<void>((resolve) => (end = resolve));
  const start = () => inTurnSlot(async () => ({ outcome }));
  if (address === null) await start();
  else await runInRequestContext({ readOnly: false, limit: "turn", https: false, clientAddress: address }, start);
  return async () => {
    end();
    await settled(); // the slot is given back once the outcome settles
  };
}

/** How many slots turns hold now: the free ones, up to TURNS_AT_ONCE, are taken and given back. */
export async function turnSlotsHeld(): Promise<number> {
  const free: Array<() => Promise<void>> = [];
  try {
    for (;;) free.push(await holdTurnSlot(null));
  } catch (err) {
    if (!(err instanceof AppError && err.code === "server_busy")) throw err;
  } finally {
    for (const end of free) await end();
  }
  return config().TURNS_AT_ONCE - free.length;
}
