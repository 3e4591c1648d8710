/**
 * Compaction.status, the receipt of one compaction: "running" until it ends; "interrupted" when the
 * sweeper found its process dead. The migration checked_status_columns holds the same list.
 */
export const COMPACTION_RECEIPT_STATUSES = ["running", "saved", "discarded", "failed", "skipped", "interrupted"] as const;
export type CompactionReceiptStatus = (typeof COMPACTION_RECEIPT_STATUSES)[number];
