import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { executeHeld } from "./execute";
import { newLeaseToken, transition, type LedgerRow } from "./ledger";
import { providerByName } from "./providers";
import { planReconcile } from "./reconcile-plan";
import type { ActionOutcome, ActionProvider } from "./types";

/*
 * The sweeper owns unknown rows (scheduled, never on the request path). Step 1 turns started rows
 * whose lease ran out into unknown. Step 2 takes each unknown row with a compare-and-set on its
 * lease token (two instances racing: one wins), then sends, replays, looks up or hands the row to a
 * person (reconcile-plan.ts). A sweeper that dies mid-way leaves a lease that expires; the next
 * sweep takes the row again.
 */

export type SweepOptions = {
  now?: Date;
  limit?: number;
  leaseMs?: number;
  providerFor?: (name: string) => ActionProvider | null;
};

export type SweepReport = { expired: number; reconciled: { key: string; plan: string; outcome: ActionOutcome["state"] }[] };

export async function sweepActions(opts: SweepOptions = {}): Promise<SweepReport> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 50;
  const leaseMs = opts.leaseMs ?? config().ACTION_LEASE_MS;
  const providerFor = opts.providerFor ?? providerByName;
  const report: SweepReport = { expired: 0, reconciled: [] };

  const expired = await db().actionLedger.findMany({
    where: { status: "started", leaseUntil: { lt: now } },
    take: limit,
    orderBy: { leaseUntil: "asc" },
  });
  for (const r of expired) {
    const ok = await transition(
      { id: r.id, status: "started", leaseToken: r.leaseToken },
      { status: "unknown", leaseToken: null, leaseUntil: null },
      { type: "lease_expired", payload: { attempt: r.attempt, requested: r.sentAttempt === r.attempt }, actor: "sweeper" },
    );
    if (ok) report.expired++;
  }

  const unknown = await db().actionLedger.findMany({
    where: { status: "unknown", OR: [{ leaseToken: null }, { leaseUntil: { lt: now } }] },
    take: limit,
    orderBy: { updatedAt: "asc" },
  });
  for (const r of unknown) {
    const provider = providerFor(r.provider);
    if (!provider) {
      console.error(`[actions] no provider "${r.provider}" for ${r.scope}/${r.key}; left unknown`);
      continue;
    }
    const done = await reconcileRow(r, provider, now, leaseMs);
    if (done) report.reconciled.push({ key: r.key, ...done });
  }
  return report;
}

async function reconcileRow(r: LedgerRow, provider: ActionProvider, now: Date, leaseMs: number) {
  const { plan, reason } = planReconcile(r, { dedupWindowMs: provider.dedupWindowMs, canLookup: !!provider.lookup }, now);
  const token = newLeaseToken();
  const took = await transition(
    { id: r.id, status: "unknown", leaseToken: r.leaseToken },
    { leaseToken: token, leaseUntil: new Date(now.getTime() + leaseMs) },
    { type: "reconcile_started", payload: { plan, reason }, actor: "sweeper" },
  );
  if (!took) return null;
  const fence = { id: r.id, status: "unknown" as const, leaseToken: token };
  const row = { ...r, leaseToken: token };

  if (plan === "send" || plan === "replay") {
    const learnedBy = plan === "replay" ? "provider_replay" : "response";
    const outcome = await executeHeld(row, provider, { status: "unknown", leaseToken: token, learnedBy, actor: "sweeper" });
    return { plan, outcome: outcome.state };
  }
  if (plan === "lookup" && r.providerRef) {
    const found = await provider.lookup!(r.providerRef);
    if (found) {
      await transition(
        fence,
        {
          status: "succeeded",
          resultId: found.resultId,
          result: JSON.stringify(found.result),
          learnedBy: "lookup",
          errorCode: null,
          leaseToken: null,
          leaseUntil: null,
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
    { status: "needs_human", errorCode: plan === "lookup" ? "not_found_by_lookup" : "outcome_unknown", leaseToken: null, leaseUntil: null },
    { type: "needs_human", payload: { reason: why }, actor: "sweeper" },
    { outcome: true },
  );
  return { plan, outcome: "needs_human" as const };
}
