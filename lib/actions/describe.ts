import { leaseLive } from "@/lib/jobs/lease";
import type { LedgerRow } from "./ledger";
import { storedValue } from "@/lib/db/stored-value";
import { LEARNED_BY, type ActionOutcome } from "./types";

/** The answer for a row someone else holds or already finished. Pure. */
export function describeRow(row: LedgerRow, opts: { deduplicated: boolean; now?: Date }): ActionOutcome {
  const key = row.key;
  const now = opts.now ?? new Date();
  switch (row.status) {
    case "succeeded":
      return {
        state: "sent",
        key,
        attempt: row.attempt,
        resultId: row.resultId ?? "",
        result: row.result ? JSON.parse(row.result) : {},
        deduplicated: opts.deduplicated,
        learnedBy: storedValue(LEARNED_BY, row.learnedBy ?? "response", "ActionLedger.learnedBy"),
      };
    case "started":
      return leaseLive(row.leaseHolder, row.leaseHeartbeatAt, now)
        ? { state: "in_progress", key, message: "This action is in progress; nothing was sent again." }
        : {
            state: "unknown",
            key,
            message: "The previous attempt stopped without a result; it is being reconciled, never re-sent blindly.",
          };
    case "unknown":
      return {
        state: "unknown",
        key,
        message: "The outcome of this action is not known yet; it is being reconciled, never re-sent blindly.",
      };
    case "needs_human":
      return {
        state: "needs_human",
        key,
        message: "Whether this action happened could not be determined; a person must decide (mark as sent or send again).",
      };
    case "failed_permanent":
      return row.sentAttempt === 0
        ? { state: "refused", key, error: row.errorCode ?? "refused", message: `Refused: ${row.errorCode ?? "refused"}; nothing was sent.` }
        : {
            state: "failed",
            key,
            error: row.errorCode ?? "failed",
            retryable: false,
            message: `The provider refused it (${row.errorCode}).`,
          };
    default:
      return {
        state: "failed",
        key,
        error: row.errorCode ?? "failed",
        retryable: true,
        message: `The last attempt failed (${row.errorCode}); it can be retried.`,
      };
  }
}
