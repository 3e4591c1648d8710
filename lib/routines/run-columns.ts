/**
 * A routine run's closed columns (RoutineRun.status and .trigger). The migration
 * checked_status_columns holds the same lists.
 */
export const ROUTINE_RUN_STATUSES = ["queued", "running", "succeeded", "failed", "interrupted", "skipped"] as const;
export type RoutineRunStatus = (typeof ROUTINE_RUN_STATUSES)[number];

export const RUN_TRIGGERS = ["scheduled", "catch_up", "manual"] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
