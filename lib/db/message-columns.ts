/**
 * A message's closed columns. Status "streaming": the reply row exists from the first token and is
 * still being written (by this or another tab, or by a process that died: the sweeper then marks it
 * "interrupted", keeping the partial text). The migration checked_status_columns holds the same
 * lists (tests/unit/db/checked-columns.test.ts compares them).
 */
export const MESSAGE_STATUSES = ["streaming", "complete", "stopped", "error", "interrupted"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_ROLES = ["user", "assistant", "system"] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];
