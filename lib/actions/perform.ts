import { describeRow } from "./describe";
import { executeHeld } from "./execute";
import { appendEvent, claimAction, newLeaseToken, readAction, transition } from "./ledger";
import { requestHash } from "./keys";
import type { ActionOutcome, ActionProvider, ActionSpec } from "./types";

/*
 * The one adapter in front of every side effect: claim, call, record.
 * - new key: the claim commits, then the provider is called once;
 * - same key and payload after success: the recorded result, nothing sent;
 * - same key, different payload: payload_mismatch, nothing sent (also on the conflict path);
 * - in flight: "in progress"; a dead holder's or unknown: left to the sweeper, never re-sent here;
 * - failed_retryable: the frozen request is tried again as attempt + 1 with the same provider key.
 */

export type PerformOptions = {
  /** Record the action as refused (e.g. recipient not allowed) instead of sending it. */
  refusal?: { code: string; message: string };
};

export async function performAction(spec: ActionSpec, provider: ActionProvider, opts: PerformOptions = {}): Promise<ActionOutcome> {
  const claim = await claimAction(spec, provider.name, (k) => provider.referenceFor(k), { refusal: opts.refusal });
  let row = claim.row;
  const hash = requestHash(spec.request);
  if (row.requestHash !== hash) {
    await appendEvent(row.id, { type: "payload_mismatch", payload: { requestHash: hash }, actor: "worker" });
    const already = row.status === "succeeded" ? ` It was already done (${row.resultId}).` : "";
    return {
      state: "refused",
      key: spec.key,
      error: "payload_mismatch",
      message: `This action was already requested with different content for the same request; nothing was sent.${already} Ask the person before sending something new.`,
    };
  }
  if (claim.owned)
    return executeHeld(row, provider, { status: "started", leaseHolder: claim.token, learnedBy: "response", actor: "worker" });
  if (opts.refusal && row.status === "failed_permanent") {
    return { state: "refused", key: spec.key, error: opts.refusal.code, message: opts.refusal.message };
  }

  if (row.status === "failed_retryable") {
    const token = newLeaseToken();
    const took = await transition(
      { id: row.id, status: "failed_retryable", leaseHolder: row.leaseHolder },
      { status: "started", attempt: row.attempt + 1, leaseHolder: token, leaseHeartbeatAt: new Date(), errorCode: null },
      { type: "retry_claimed", payload: { attempt: row.attempt + 1 }, actor: "worker" },
    );
    const fresh = await readAction(spec.scope, spec.key);
    if (took && fresh)
      return executeHeld(fresh, provider, { status: "started", leaseHolder: token, learnedBy: "response", actor: "worker" });
    row = fresh ?? row;
  }
  return describeRow(row, { deduplicated: true });
}
