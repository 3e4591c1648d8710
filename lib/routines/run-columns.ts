/**
 * A routine run's closed columns (RoutineRun.status and .trigger). The migration
 * checked_status_columns holds the same lists.
 */
// "waiting": the run's reply stopped at a tool call that needs the person's approval (lib/mcp);
// the person's answer in the routine's thread settles it (settleWaitingRuns).
export const ROUTINE_RUN_STATUSES = ["queued", "running", "succeeded", "failed", "interrupted", "skipped", "waiting"] as const;
export type RoutineRunStatus = (typeof ROUTINE_RUN_STATUSES)[number];

export const RUN_TRIGGERS = ["scheduled", "catch_up", "manual"] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
