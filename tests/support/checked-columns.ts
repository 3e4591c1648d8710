import { ACTION_STATUSES, LEARNED_BY } from "@/lib/actions/types";
import { COMPACTION_RECEIPT_STATUSES } from "@/lib/compaction/receipt-status";
import { COMPACTION_TRIGGERS } from "@/lib/compaction/trigger";
import { MESSAGE_ROLES, MESSAGE_STATUSES } from "@/lib/db/message-columns";
import type { recordModelCall } from "@/lib/db/model-calls";
import type { SummaryRow } from "@/lib/db/summaries";
import { ROUTINE_RUN_STATUSES, RUN_TRIGGERS } from "@/lib/routines/run-columns";
import { AUTHORS } from "@/lib/workspace/types";
import { everyValue } from "./every-value";

/**
 * Every closed text column and the code's list of its values. The migrations hold the same lists
 * (a CHECK on PostgreSQL, triggers on SQLite); tests/unit/db/checked-columns.test.ts compares them.
 */
export const CHECKED_COLUMNS: ReadonlyArray<{ table: string; column: string; nullable?: true; values: readonly string[] }> = [
  { table: "Message", column: "status", values: MESSAGE_STATUSES },
  { table: "Message", column: "role", values: MESSAGE_ROLES },
  {
    table: "ModelCall",
    column: "kind",
    values: everyValue<Parameters<typeof recordModelCall>[0]["kind"]>({ chat: true, summary: true, title: true }),
  },
  { table: "Summary", column: "status", values: everyValue<SummaryRow["status"]>({ active: true, superseded: true }) },
  { table: "Compaction", column: "status", values: COMPACTION_RECEIPT_STATUSES },
  { table: "Compaction", column: "trigger", values: COMPACTION_TRIGGERS },
  { table: "WorkspaceFile", column: "lastAuthor", values: AUTHORS },
  { table: "FileVersion", column: "author", values: AUTHORS },
  { table: "ActionLedger", column: "status", values: ACTION_STATUSES },
  { table: "ActionLedger", column: "learnedBy", nullable: true, values: LEARNED_BY },
  { table: "RoutineRun", column: "status", values: ROUTINE_RUN_STATUSES },
  { table: "RoutineRun", column: "trigger", values: RUN_TRIGGERS },
];
