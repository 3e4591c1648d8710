import "server-only";
// The actions capability: an idempotency ledger and journal in front of every side effect.
export { performAction } from "./perform";
export { sweepActions, type SweepReport } from "./sweep";
export { resolveAction, type PersonDecision } from "./resolve";
export { pruneActions } from "./prune";
export { listThreadActions } from "./list";
export { actionTools } from "./tools";
export { sendDigestEmail } from "@/lib/email/digest";
export { chatActionKey, runActionKey, threadScope, workspaceScope, providerKeyFor } from "./keys";
export { ProviderError } from "./types";
export type { ActionOutcome, ActionProvider, ActionSpec } from "./types";
