-- Closed text columns (status, kind, trigger, author ...) accept only the values the code knows.
-- Each list is an `as const` array in the owning domain's folder (named per column below), and
-- tests/unit/db/checked-columns.test.ts fails when a list and this file disagree. CHECK constraints
-- rather than Prisma enums: a native enum type would need a cast in every raw statement that
-- compares the column, and SQLite has no enum type to match (docs/architecture.md, "Closed columns").
-- The code has only ever written these values. A row holding anything else makes ADD CONSTRAINT
-- fail, so the migration stops and changes nothing rather than rewriting data. (No semicolon in
-- these comments: the PostgreSQL adapter splits a migration script on them.)

-- lib/db/message-columns.ts
ALTER TABLE "Message" ADD CONSTRAINT "Message_status_check" CHECK ("status" IN ('streaming', 'complete', 'stopped', 'error', 'interrupted'));

-- lib/db/message-columns.ts
ALTER TABLE "Message" ADD CONSTRAINT "Message_role_check" CHECK ("role" IN ('user', 'assistant', 'system'));

-- lib/db/model-calls.ts
ALTER TABLE "ModelCall" ADD CONSTRAINT "ModelCall_kind_check" CHECK ("kind" IN ('chat', 'summary'));

-- lib/db/summaries.ts
ALTER TABLE "Summary" ADD CONSTRAINT "Summary_status_check" CHECK ("status" IN ('active', 'superseded'));

-- lib/compaction/receipt-status.ts
ALTER TABLE "Compaction" ADD CONSTRAINT "Compaction_status_check" CHECK ("status" IN ('running', 'saved', 'discarded', 'failed', 'skipped', 'interrupted'));

-- lib/compaction/trigger.ts
ALTER TABLE "Compaction" ADD CONSTRAINT "Compaction_trigger_check" CHECK ("trigger" IN ('threshold', 'overflow', 'bounded', 'manual'));

-- lib/workspace/types.ts
ALTER TABLE "WorkspaceFile" ADD CONSTRAINT "WorkspaceFile_lastAuthor_check" CHECK ("lastAuthor" IN ('agent', 'person'));

-- lib/workspace/types.ts
ALTER TABLE "FileVersion" ADD CONSTRAINT "FileVersion_author_check" CHECK ("author" IN ('agent', 'person'));

-- lib/actions/types.ts
ALTER TABLE "ActionLedger" ADD CONSTRAINT "ActionLedger_status_check" CHECK ("status" IN ('started', 'succeeded', 'failed_retryable', 'failed_permanent', 'unknown', 'needs_human'));

-- lib/actions/types.ts
ALTER TABLE "ActionLedger" ADD CONSTRAINT "ActionLedger_learnedBy_check" CHECK ("learnedBy" IN ('response', 'provider_replay', 'lookup', 'person'));

-- lib/routines/run-columns.ts
ALTER TABLE "RoutineRun" ADD CONSTRAINT "RoutineRun_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'interrupted', 'skipped'));

-- lib/routines/run-columns.ts
ALTER TABLE "RoutineRun" ADD CONSTRAINT "RoutineRun_trigger_check" CHECK ("trigger" IN ('scheduled', 'catch_up', 'manual'));
