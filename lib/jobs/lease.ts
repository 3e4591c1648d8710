import { config } from "@/lib/config";

/*
 * The one lease scheme, for everything a process holds while it works: a turn (Thread.turn*), a
 * compaction (Thread.compaction*) and a routine run (Routine.run*). A lease is two columns on the
 * held row, `<lease>Holder` (who: an id the holder knows, e.g. the reply's message id) and
 * `<lease>HeartbeatAt` (when the holder last said it is alive). Taking a lease is one
 * compare-and-set that matches only a free lease or a dead holder's.
 *
 * Liveness is the heartbeat's age, decided by the reader: a holder whose heartbeat is older than
 * LEASE_DEAD_AFTER_MS (three heartbeats unless set) is dead. Holders renew on ONE timer per
 * process (holdLease), apart from their work: a turn saving a large reply or waiting on the model
 * never delays its heartbeat, and a tick renews every lease of a kind with one statement, so 200
 * running turns cost one UPDATE per heartbeat, not 200.
 */

export function leaseHeartbeatMs(): number {
  return config().LEASE_HEARTBEAT_MS;
}

export function leaseDeadAfterMs(): number {
  const c = config();
  return c.LEASE_DEAD_AFTER_MS ?? 3 * c.LEASE_HEARTBEAT_MS;
}

/** Heartbeats before this instant are a dead holder's. */
function deadBefore(now: Date = new Date()): Date {
  return new Date(now.getTime() - leaseDeadAfterMs());
}

/** Whether a lease read from a row is held by a live holder. */
export function leaseLive(holder: string | null, heartbeatAt: Date | null, now: Date = new Date()): boolean {
  return holder !== null && heartbeatAt !== null && heartbeatAt >= deadBefore(now);
}

type HolderColumn<N extends string> = `${N}Holder`;
type HeartbeatColumn<N extends string> = `${N}HeartbeatAt`;
type FreeOrDeadClause<N extends string> = { [K in HolderColumn<N>]?: null } & { [K in HeartbeatColumn<N>]?: null | { lt: Date } };

/** A where clause matching a free lease or a dead holder's: what a take-over compare-and-set adds. */
export function freeOrDead<N extends string>(lease: N, now: Date = new Date()): { OR: FreeOrDeadClause<N>[] } {
  const holder = `${lease}Holder`;
  const beat = `${lease}HeartbeatAt`;
  return { OR: [{ [holder]: null }, { [beat]: null }, { [beat]: { lt: deadBefore(now) } }] as FreeOrDeadClause<N>[] };
}

/** A where clause matching a dead holder's lease (held, but silent too long): what the sweeper settles. */
export function heldButDead<N extends string>(lease: N, now: Date = new Date()) {
  const holder = `${lease}Holder`;
  const beat = `${lease}HeartbeatAt`;
  return { [holder]: { not: null }, OR: [{ [beat]: null }, { [beat]: { lt: deadBefore(now) } }] } as {
    [K in HolderColumn<N>]: { not: null };
  } & { OR: FreeOrDeadClause<N>[] };
}

/** Renews the given holders' leases of one kind (one statement) and returns those still held. */
export type LeaseRenewal = (holders: string[], now: Date) => Promise<string[]>;
export type LeaseKind = { name: string; renew: LeaseRenewal };

const held = new Map<LeaseKind, Map<string, () => void>>();
let timer: ReturnType<typeof setTimeout> | undefined;
let ticking = false;

/**
 * Keeps `holder`'s lease alive from this process's heartbeat until the returned release is called.
 * `onLost` runs once if a renewal finds the lease no longer ours (taken over, or a stop request for
 * a turn): the holder must then stop writing.
 */
export function holdLease(kind: LeaseKind, holder: string, onLost: () => void): () => void {
  let holders = held.get(kind);
  if (!holders) held.set(kind, (holders = new Map()));
  holders.set(holder, onLost);
  schedule();
  return () => {
    held.get(kind)?.delete(holder);
  };
}

function schedule(): void {
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    void beat().finally(() => {
      if ([...held.values()].some((h) => h.size > 0)) schedule();
    });
  }, leaseHeartbeatMs());
  timer.unref?.();
}

/** One heartbeat: every kind renewed with one statement; a tick still running is never overlapped. */
async function beat(): Promise<void> {
  if (ticking) return;
  ticking = true;
  try {
    const now = new Date();
    for (const [kind, holders] of held) {
      if (holders.size === 0) continue;
      const asked = [...holders.keys()];
      let still: Set<string>;
      try {
        still = new Set(await kind.renew(asked, now));
      } catch (e) {
        // A failed renewal proves nothing about ownership; the next heartbeat tries again.
        console.error(`[${kind.name} lease not renewed]`, e);
        continue;
      }
      for (const holder of asked) {
        const onLost = holders.get(holder);
        if (still.has(holder) || !onLost) continue;
        holders.delete(holder);
        onLost();
      }
    }
  } finally {
    ticking = false;
  }
}
