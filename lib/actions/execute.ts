import { appendEvent, markRequested, transition, type Fence, type LedgerRow } from "./ledger";
import { describeRow } from "./describe";
import { ProviderError, type ActionOutcome, type ActionProvider, type LearnedBy, type ProviderCall, type ProviderResult } from "./types";
import { db } from "@/lib/db/client";
import { whileHolding } from "./lease";
import { reachedStep } from "./ledger-steps";

/*
 * The part of the adapter that runs while WE hold the row (as a worker, the sweeper or a person's
 * "send again"): mark the attempt as requested, call the provider outside any transaction, record
 * the outcome with a compare-and-set on our lease. A 0-row update means we lost the row (a zombie
 * finishing late): we journal that and overwrite nothing.
 */

export type Holder = { status: "started" | "unknown"; leaseHolder: string; learnedBy: LearnedBy; actor: string };

/** "concurrent request" answers are retried a few times, then left open for the sweeper. */
const CONCURRENT_BACKOFF_MS = [50, 150, 400];

export async function executeHeld(row: LedgerRow, provider: ActionProvider, holder: Holder): Promise<ActionOutcome> {
  return whileHolding(holder.leaseHolder, () => executeWhileHeld(row, provider, holder));
}

async function executeWhileHeld(row: LedgerRow, provider: ActionProvider, holder: Holder): Promise<ActionOutcome> {
  const fence: Fence = { id: row.id, status: holder.status, leaseHolder: holder.leaseHolder };
  if (!(await markRequested(fence, row, holder.actor))) return currentAnswer(row);

  let res: ProviderResult;
  try {
    res = await callWithBackoff(provider, JSON.parse(row.request), {
      providerKey: row.providerKey,
      providerRef: row.providerRef,
      scope: row.scope,
      key: row.key,
      userId: row.userId,
      threadId: row.threadId,
    });
  } catch (err) {
    return recordFailure(row, fence, holder, err);
  }
  await reachedStep("after_provider_ack");

  try {
    const ok = await transition(
      fence,
      {
        status: "succeeded",
        resultId: res.resultId,
        result: JSON.stringify(res.result),
        learnedBy: holder.learnedBy,
        errorCode: null,
        leaseHolder: null,
        leaseHeartbeatAt: null,
      },
      {
        type: "succeeded",
        payload: { attempt: row.attempt, resultId: res.resultId, deduplicatedByProvider: !!res.deduplicated, learnedBy: holder.learnedBy },
        actor: holder.actor,
      },
      { outcome: true },
    );
    if (!ok) {
      await appendEvent(row.id, {
        type: "late_completion_ignored",
        payload: { attempt: row.attempt, resultId: res.resultId },
        actor: holder.actor,
      });
      return currentAnswer(row);
    }
  } catch (err) {
    // The provider acted but we could not record it: the row stays held until its heartbeat stops
    // (we release it on return), then the sweeper learns the outcome by replay or lookup. Never report a send we cannot prove.
    console.error("[actions] recording the outcome failed", row.scope, row.key, err);
    return {
      state: "unknown",
      key: row.key,
      message: "The provider accepted the request but the result could not be recorded; it will be reconciled.",
    };
  }
  return {
    state: "sent",
    key: row.key,
    attempt: row.attempt,
    resultId: res.resultId,
    result: res.result,
    deduplicated: false,
    learnedBy: holder.learnedBy,
  };
}

async function callWithBackoff(provider: ActionProvider, request: unknown, call: ProviderCall): Promise<ProviderResult> {
  for (let i = 0; ; i++) {
    try {
      return await provider.execute(request, call);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.kind !== "concurrent" || i >= CONCURRENT_BACKOFF_MS.length) throw err;
      await new Promise((r) => setTimeout(r, CONCURRENT_BACKOFF_MS[i]));
    }
  }
}

async function recordFailure(row: LedgerRow, fence: Fence, holder: Holder, err: unknown): Promise<ActionOutcome> {
  const pe =
    err instanceof ProviderError ? err : new ProviderError("unknown", "provider_error", err instanceof Error ? err.message : String(err));
  const status = pe.kind === "retryable" ? "failed_retryable" : pe.kind === "permanent" ? "failed_permanent" : "unknown";
  try {
    const ok = await transition(
      fence,
      { status, errorCode: pe.code, leaseHolder: null, leaseHeartbeatAt: null },
      {
        type: "provider_error",
        payload: { attempt: row.attempt, kind: pe.kind, code: pe.code, message: pe.message.slice(0, 500) },
        actor: holder.actor,
      },
      { outcome: true },
    );
    if (!ok) return currentAnswer(row);
  } catch (recordErr) {
    console.error("[actions] recording a provider error failed", row.scope, row.key, recordErr);
    return { state: "unknown", key: row.key, message: "The outcome could not be recorded; it will be reconciled." };
  }
  if (status === "unknown") {
    return {
      state: "unknown",
      key: row.key,
      message: `The outcome is unknown (${pe.code}); it will be reconciled, never re-sent blindly.`,
    };
  }
  return { state: "failed", key: row.key, error: pe.code, retryable: status === "failed_retryable", message: pe.message };
}

async function currentAnswer(row: LedgerRow): Promise<ActionOutcome> {
  const now = await db().actionLedger.findUnique({ where: { id: row.id } });
  return describeRow(now ?? row, { deduplicated: true });
}
