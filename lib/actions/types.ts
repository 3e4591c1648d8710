/*
 * The contract between the ledger (lib/actions) and a side-effecting provider (lib/email, …).
 * States follow shared/notes/ledger.md:
 *   started (lease held) -> succeeded | failed_retryable | failed_permanent | unknown
 *   started (lease expired) -> unknown -> succeeded | failed_retryable | needs_human (sweeper)
 *   failed_retryable | needs_human (person: send again) -> started (attempt + 1)
 */

/** ActionLedger.status (the migration checked_status_columns holds the same list). */
export const ACTION_STATUSES = ["started", "succeeded", "failed_retryable", "failed_permanent", "unknown", "needs_human"] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** How the recorded outcome was learned (ActionLedger.learnedBy, null until there is an outcome). */
export const LEARNED_BY = ["response", "provider_replay", "lookup", "person"] as const;
export type LearnedBy = (typeof LEARNED_BY)[number];

/** Who the call is for (an outbox row records it) and the ids that make a repeat recognisable. */
export type ProviderCall = {
  providerKey: string;
  providerRef: string | null;
  scope: string;
  key: string;
  userId: string;
  threadId: string | null;
};

export type ProviderResult = {
  /** The provider's id for the effect (e.g. the email's Message-ID or `email_918`). */
  resultId: string;
  result: Record<string, unknown>;
  /** The provider recognised the provider key and did not perform the effect again. */
  deduplicated?: boolean;
};

export interface ActionProvider {
  readonly name: string;
  /**
   * How long the provider recognises a provider key and answers a repeat with the first result
   * instead of acting twice. null: it does not deduplicate. Infinity: forever.
   */
  readonly dedupPeriodMs: number | null;
  /** The reference a lookup searches for (e.g. the Message-ID), derived from the provider key. */
  referenceFor(providerKey: string): string | null;
  execute(request: unknown, call: ProviderCall): Promise<ProviderResult>;
  /** Absent when the provider cannot be asked what it did (plain SMTP). null: not found. */
  lookup?(providerRef: string): Promise<ProviderResult | null>;
}

/**
 * What the provider told us when it did not succeed. Only "retryable" and "permanent" say the
 * effect did NOT happen; "concurrent" (the provider is working on this key right now) and
 * "unknown" (timeout, dropped connection after the request went out) leave the outcome open.
 */
export type ProviderErrorKind = "retryable" | "permanent" | "concurrent" | "unknown";

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** What a caller (a tool, a routine, a person's decision) gets back. */
export type ActionOutcome =
  | {
      state: "sent";
      key: string;
      attempt: number;
      resultId: string;
      result: Record<string, unknown>;
      deduplicated: boolean;
      learnedBy: LearnedBy;
    }
  | { state: "in_progress"; key: string; message: string }
  | { state: "unknown"; key: string; message: string }
  | { state: "needs_human"; key: string; message: string }
  | { state: "refused"; key: string; error: string; message: string }
  | { state: "failed"; key: string; error: string; retryable: boolean; message: string };

export type ActionSpec = {
  scope: string;
  key: string;
  type: string;
  userId: string;
  threadId: string | null;
  runId: string | null;
  stepId: string | null;
  /** Frozen on the first claim; retries replay the stored copy. */
  request: Record<string, unknown>;
};
