/*
 * What the sweeper does with an unknown row. Pure. Never a blind re-send:
 * - the current attempt never reached the provider (no request recorded): sending cannot double;
 * - the provider deduplicates by our provider key and we are inside its dedup period: replay;
 * - the provider can be asked: look the send up by its reference;
 * - otherwise a person decides.
 */

export type ReconcilePlan = { plan: "send" | "replay" | "lookup" | "needs_human"; reason: string };

export type ReconcileInput = { attempt: number; sentAttempt: number; sentAt: Date | null };
export type ProviderAbilities = { dedupPeriodMs: number | null; canLookup: boolean };

export function planReconcile(row: ReconcileInput, provider: ProviderAbilities, now: Date): ReconcilePlan {
  if (row.sentAttempt < row.attempt) return { plan: "send", reason: "the provider was never called for this attempt" };
  const age = row.sentAt ? now.getTime() - row.sentAt.getTime() : Infinity;
  if (provider.dedupPeriodMs !== null && age < provider.dedupPeriodMs) {
    return { plan: "replay", reason: "the provider deduplicates this key within its dedup period" };
  }
  if (provider.canLookup) return { plan: "lookup", reason: "the provider can be asked by reference" };
  return {
    plan: "needs_human",
    reason:
      provider.dedupPeriodMs === null
        ? "the provider neither deduplicates nor can be asked"
        : "past the provider's dedup period and it cannot be asked",
  };
}
