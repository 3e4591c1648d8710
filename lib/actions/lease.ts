import { db } from "@/lib/db/client";
import { holdLease, type LeaseKind } from "@/lib/jobs/lease";

/*
 * Actions hold their ledger row with the one lease scheme (lib/jobs/lease.ts): `leaseHolder` is a
 * fresh token per claim (worker, retry, a person's "send again", or the sweeper reconciling) that
 * fences every compare-and-set, and `leaseHeartbeatAt` is renewed by the process's heartbeat timer
 * while the holder works, however long the provider takes. A killed holder stops renewing and the
 * sweeper settles its row within LEASE_DEAD_AFTER_MS. Renewal never touches `updatedAt`: only a
 * real change of state moves it.
 */
const actionLeases: LeaseKind = {
  name: "action",
  renew: async (holders, now) => {
    const rows = await db().actionLedger.updateManyAndReturn({
      where: { leaseHolder: { in: holders } },
      data: { leaseHeartbeatAt: now },
      select: { leaseHolder: true },
    });
    return rows.map((r) => r.leaseHolder!);
  },
};

/**
 * Runs `work` while this process's heartbeat renews the lease `token`. A lost lease (the sweeper
 * took the row from a holder it judged dead) needs no signal: the holder's own compare-and-set then
 * matches no row, and it journals a late completion instead of overwriting anything.
 */
export async function whileHolding<T>(token: string, work: () => Promise<T>): Promise<T> {
  const release = holdLease(actionLeases, token, () => undefined);
  try {
    return await work();
  } finally {
    release();
  }
}
