/*
 * The ledger's durable steps: after each, the database holds a state a crash may leave behind and
 * the sweeper must settle. In the app reaching a step does nothing. Tests swap this module for
 * tests/support/crash-points.ts (docs/architecture.md, "No test hooks in the app"), which stops or
 * kills the process at a step; the build never contains that module.
 */

type LedgerStep = "after_claim" | "after_request" | "after_provider_ack" | "after_outcome" | "after_journal";

export async function reachedStep(_step: LedgerStep): Promise<void> {}
