import { db } from "@/lib/db/client";
import { freeOrDead, heldButDead, leaseDeadAfterMs } from "@/lib/jobs/lease";
import { executeHeld } from "./execute";
import { whileHolding } from "./lease";
import { newLeaseToken, transition, type LedgerRow } from "./ledger";
import { planReconcile } from "./reconcile-plan";
import type { ActionOutcome, ActionProvider } from "./types";

/*
 * The sweeper owns unknown rows (scheduled, never on the request path). Step 1 turns started rows
 * whose holder stopped renewing its lease (no heartbeat for LEASE_DEAD_AFTER_MS, lib/jobs/lease.ts)
 * into unknown, journaling why. Step 2 takes each unknown row with a compare-and-set on its lease
 * (two instances racing: one wins), then sends, replays, looks up or hands the row to a person
 * (reconcile-plan.ts), renewing the lease from its heartbeat meanwhile. A sweeper that dies mid-way
 * stops renewing; a later sweep takes the row again.
 */

export type SweepOptions = {
  now?: Date;
  limit?: number;
  /** The providers sit above the ledger (lib/email/providers.ts), so the caller hands them in. */
  providerFor: (name: string) => ActionProvider | null;
};

type SweepReport = { expired: number; reconciled: { key: string; plan: string; outcome: ActionOutcome["state"] }[] };

export async function sweepActions(opts: SweepOptions): Promise<SweepReport> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 50;
  const { providerFor } = opts;
  const report: SweepReport = { expired: 0, reconciled: [] };

  const expired = await db().actionLedger.findMany({
    where: { status: "started", ...heldButDead("lease", now) },
    take: limit,
    orderBy: { leaseHeartbeatAt: "asc" },
  });
  for (const r of expired) {
    const ok = await transition(
      { id: r.id, status: "started", leaseHolder: r.leaseHolder },
      { status: "unknown", leaseHolder: null, leaseHeartbeatAt: null },
      {
        type: "holder_stopped",
        payload: {
          attempt: r.attempt,
          requested: r.sentAttempt === r.attempt,
          lastHeartbeatAt: r.leaseHeartbeatAt?.toISOString() ?? null,
          reason: holderStoppedReason(r.leaseHeartbeatAt, now),
        },
        actor: "sweeper",
      },
    );
    if (ok) report.expired++;
  }

  const unknown = await db().actionLedger.findMany({
    where: { status: "unknown", ...freeOrDead("lease", now) },
    take: limit,
    orderBy: { updatedAt: "asc" },
  });
  for (const r of unknown) {
    const provider = providerFor(r.provider);
    if (!provider) {
      console.error(`[actions] no provider "${r.provider}" for ${r.scope}/${r.key}; left unknown`);
      continue;
    }
    const done = await reconcileRow(r, provider, now);
    if (done) report.reconciled.push({ key: r.key, ...done });
  }
  return report;
}

/** Why a started row went to unknown, for its journal (the actions panel shows it). */
function holderStoppedReason(lastBeat: Date | null, now: Date): string {
  const silent = lastBeat ? `no heartbeat for ${Math.round((now.getTime() - lastBeat.getTime()) / 1000)} s` : "no heartbeat recorded";
  return `the process sending this stopped (${silent}, dead after ${Math.round(leaseDeadAfterMs() / 1000)} s); reconciling, never re-sending blindly`;
}

async function reconcileRow(r: LedgerRow, provider: ActionProvider, now: Date) {
  const { plan, reason } = planReconcile(r, { dedupPeriodMs: provider.dedupPeriodMs, canLookup: !!provider.lookup }, now);
  const token = newLeaseToken();
  const took = await transition(
    { id: r.id, status: "unknown", leaseHolder: r.leaseHolder },
    { leaseHolder: token, leaseHeartbeatAt: now },
    { type: "reconcile_started", payload: { plan, reason }, actor: "sweeper" },
  );
  if (!took) return null;
  const fence = { id: r.id, status: "unknown" as const, leaseHolder: token };
  const row = { ...r, leaseHolder: token };

  if (plan === "send" || plan === "replay") {
    const learnedBy = plan === "replay" ? "provider_replay" : "response";
    const outcome = await executeHeld(row, provider, { status: "unknown", leaseHolder: token, learnedBy, actor: "sweeper" });
    return { plan, outcome: outcome.state };
  }
  if (plan === "lookup" && r.providerRef) {
    const ref = r.providerRef;
    const found = await whileHolding(token, () => provider.lookup!(ref));
    if (found) {
      await transition(
        fence,
        {
          status: "succeeded",
          resultId: found.resultId,
          result: JSON.stringify(found.result),
          learnedBy: "lookup",
          errorCode: null,
          leaseHolder: null,
          leaseHeartbeatAt: null,
        },
        { type: "succeeded", payload: { attempt: r.attempt, resultId: found.resultId, learnedBy: "lookup" }, actor: "sweeper" },
        { outcome: true },
      );
      return { plan, outcome: "sent" as const };
    }
  }
  const why = plan === "lookup" ? "the provider has no record of it, but it may still arrive" : reason;
  await transition(
    fence,
    {
      status: "needs_human",
      errorCode: plan === "lookup" ? "not_found_by_lookup" : "outcome_unknown",
      leaseHolder: null,
      leaseHeartbeatAt: null,
    },
    { type: "needs_human", payload: { reason: why }, actor: "sweeper" },
    { outcome: true },
  );
  return { plan, outcome: "needs_human" as const };
}
