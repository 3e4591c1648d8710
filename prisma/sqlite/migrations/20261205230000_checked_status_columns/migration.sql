-- Closed text columns (status, kind, trigger, author ...) accept only the values the code knows.
-- Each list is an `as const` array in the owning domain's folder (named per column below), and
-- tests/unit/db/checked-columns.test.ts fails when a list and this file disagree. SQLite cannot add
-- a CHECK constraint to an existing table without rebuilding it (and "Message" carries the search
-- triggers), so a pair of BEFORE INSERT / BEFORE UPDATE OF triggers per column refuses other values.
-- Prisma does not model triggers, as with the search migrations. NULL passes, as it passes a CHECK.
-- The no-op UPDATE after each pair touches only rows already outside the list: any such row fires
-- the trigger, and the migration stops and changes nothing rather than rewriting data.

-- lib/db/message-columns.ts
CREATE TRIGGER "Message_status_check_insert" BEFORE INSERT ON "Message"
  WHEN NEW."status" NOT IN ('streaming', 'complete', 'stopped', 'error', 'interrupted')
  BEGIN SELECT RAISE(ABORT, 'Message.status must be one of streaming, complete, stopped, error, interrupted'); END;
CREATE TRIGGER "Message_status_check_update" BEFORE UPDATE OF "status" ON "Message"
  WHEN NEW."status" NOT IN ('streaming', 'complete', 'stopped', 'error', 'interrupted')
  BEGIN SELECT RAISE(ABORT, 'Message.status must be one of streaming, complete, stopped, error, interrupted'); END;
UPDATE "Message" SET "status" = "status" WHERE "status" NOT IN ('streaming', 'complete', 'stopped', 'error', 'interrupted');

-- lib/db/message-columns.ts
CREATE TRIGGER "Message_role_check_insert" BEFORE INSERT ON "Message"
  WHEN NEW."role" NOT IN ('user', 'assistant', 'system')
  BEGIN SELECT RAISE(ABORT, 'Message.role must be one of user, assistant, system'); END;
CREATE TRIGGER "Message_role_check_update" BEFORE UPDATE OF "role" ON "Message"
  WHEN NEW."role" NOT IN ('user', 'assistant', 'system')
  BEGIN SELECT RAISE(ABORT, 'Message.role must be one of user, assistant, system'); END;
UPDATE "Message" SET "role" = "role" WHERE "role" NOT IN ('user', 'assistant', 'system');

-- lib/db/model-calls.ts
CREATE TRIGGER "ModelCall_kind_check_insert" BEFORE INSERT ON "ModelCall"
  WHEN NEW."kind" NOT IN ('chat', 'summary')
  BEGIN SELECT RAISE(ABORT, 'ModelCall.kind must be one of chat, summary'); END;
CREATE TRIGGER "ModelCall_kind_check_update" BEFORE UPDATE OF "kind" ON "ModelCall"
  WHEN NEW."kind" NOT IN ('chat', 'summary')
  BEGIN SELECT RAISE(ABORT, 'ModelCall.kind must be one of chat, summary'); END;
UPDATE "ModelCall" SET "kind" = "kind" WHERE "kind" NOT IN ('chat', 'summary');

-- lib/db/summaries.ts
CREATE TRIGGER "Summary_status_check_insert" BEFORE INSERT ON "Summary"
  WHEN NEW."status" NOT IN ('active', 'superseded')
  BEGIN SELECT RAISE(ABORT, 'Summary.status must be one of active, superseded'); END;
CREATE TRIGGER "Summary_status_check_update" BEFORE UPDATE OF "status" ON "Summary"
  WHEN NEW."status" NOT IN ('active', 'superseded')
  BEGIN SELECT RAISE(ABORT, 'Summary.status must be one of active, superseded'); END;
UPDATE "Summary" SET "status" = "status" WHERE "status" NOT IN ('active', 'superseded');

-- lib/compaction/receipt-status.ts
CREATE TRIGGER "Compaction_status_check_insert" BEFORE INSERT ON "Compaction"
  WHEN NEW."status" NOT IN ('running', 'saved', 'discarded', 'failed', 'skipped', 'interrupted')
  BEGIN SELECT RAISE(ABORT, 'Compaction.status must be one of running, saved, discarded, failed, skipped, interrupted'); END;
CREATE TRIGGER "Compaction_status_check_update" BEFORE UPDATE OF "status" ON "Compaction"
  WHEN NEW."status" NOT IN ('running', 'saved', 'discarded', 'failed', 'skipped', 'interrupted')
  BEGIN SELECT RAISE(ABORT, 'Compaction.status must be one of running, saved, discarded, failed, skipped, interrupted'); END;
UPDATE "Compaction" SET "status" = "status" WHERE "status" NOT IN ('running', 'saved', 'discarded', 'failed', 'skipped', 'interrupted');

-- lib/compaction/trigger.ts
CREATE TRIGGER "Compaction_trigger_check_insert" BEFORE INSERT ON "Compaction"
  WHEN NEW."trigger" NOT IN ('threshold', 'overflow', 'bounded', 'manual')
  BEGIN SELECT RAISE(ABORT, 'Compaction.trigger must be one of threshold, overflow, bounded, manual'); END;
CREATE TRIGGER "Compaction_trigger_check_update" BEFORE UPDATE OF "trigger" ON "Compaction"
  WHEN NEW."trigger" NOT IN ('threshold', 'overflow', 'bounded', 'manual')
  BEGIN SELECT RAISE(ABORT, 'Compaction.trigger must be one of threshold, overflow, bounded, manual'); END;
UPDATE "Compaction" SET "trigger" = "trigger" WHERE "trigger" NOT IN ('threshold', 'overflow', 'bounded', 'manual');

-- lib/workspace/types.ts
CREATE TRIGGER "WorkspaceFile_lastAuthor_check_insert" BEFORE INSERT ON "WorkspaceFile"
  WHEN NEW."lastAuthor" NOT IN ('agent', 'person')
  BEGIN SELECT RAISE(ABORT, 'WorkspaceFile.lastAuthor must be one of agent, person'); END;
CREATE TRIGGER "WorkspaceFile_lastAuthor_check_update" BEFORE UPDATE OF "lastAuthor" ON "WorkspaceFile"
  WHEN NEW."lastAuthor" NOT IN ('agent', 'person')
  BEGIN SELECT RAISE(ABORT, 'WorkspaceFile.lastAuthor must be one of agent, person'); END;
UPDATE "WorkspaceFile" SET "lastAuthor" = "lastAuthor" WHERE "lastAuthor" NOT IN ('agent', 'person');

-- lib/workspace/types.ts
CREATE TRIGGER "FileVersion_author_check_insert" BEFORE INSERT ON "FileVersion"
  WHEN NEW."author" NOT IN ('agent', 'person')
  BEGIN SELECT RAISE(ABORT, 'FileVersion.author must be one of agent, person'); END;
CREATE TRIGGER "FileVersion_author_check_update" BEFORE UPDATE OF "author" ON "FileVersion"
  WHEN NEW."author" NOT IN ('agent', 'person')
  BEGIN SELECT RAISE(ABORT, 'FileVersion.author must be one of agent, person'); END;
UPDATE "FileVersion" SET "author" = "author" WHERE "author" NOT IN ('agent', 'person');

-- lib/actions/types.ts
CREATE TRIGGER "ActionLedger_status_check_insert" BEFORE INSERT ON "ActionLedger"
  WHEN NEW."status" NOT IN ('started', 'succeeded', 'failed_retryable', 'failed_permanent', 'unknown', 'needs_human')
  BEGIN SELECT RAISE(ABORT, 'ActionLedger.status must be one of started, succeeded, failed_retryable, failed_permanent, unknown, needs_human'); END;
CREATE TRIGGER "ActionLedger_status_check_update" BEFORE UPDATE OF "status" ON "ActionLedger"
  WHEN NEW."status" NOT IN ('started', 'succeeded', 'failed_retryable', 'failed_permanent', 'unknown', 'needs_human')
  BEGIN SELECT RAISE(ABORT, 'ActionLedger.status must be one of started, succeeded, failed_retryable, failed_permanent, unknown, needs_human'); END;
UPDATE "ActionLedger" SET "status" = "status" WHERE "status" NOT IN ('started', 'succeeded', 'failed_retryable', 'failed_permanent', 'unknown', 'needs_human');

-- lib/actions/types.ts
CREATE TRIGGER "ActionLedger_learnedBy_check_insert" BEFORE INSERT ON "ActionLedger"
  WHEN NEW."learnedBy" NOT IN ('response', 'provider_replay', 'lookup', 'person')
  BEGIN SELECT RAISE(ABORT, 'ActionLedger.learnedBy must be one of response, provider_replay, lookup, person'); END;
CREATE TRIGGER "ActionLedger_learnedBy_check_update" BEFORE UPDATE OF "learnedBy" ON "ActionLedger"
  WHEN NEW."learnedBy" NOT IN ('response', 'provider_replay', 'lookup', 'person')
  BEGIN SELECT RAISE(ABORT, 'ActionLedger.learnedBy must be one of response, provider_replay, lookup, person'); END;
UPDATE "ActionLedger" SET "learnedBy" = "learnedBy" WHERE "learnedBy" NOT IN ('response', 'provider_replay', 'lookup', 'person');

-- lib/routines/run-columns.ts
CREATE TRIGGER "RoutineRun_status_check_insert" BEFORE INSERT ON "RoutineRun"
  WHEN NEW."status" NOT IN ('queued', 'running', 'succeeded', 'failed', 'interrupted', 'skipped')
  BEGIN SELECT RAISE(ABORT, 'RoutineRun.status must be one of queued, running, succeeded, failed, interrupted, skipped'); END;
CREATE TRIGGER "RoutineRun_status_check_update" BEFORE UPDATE OF "status" ON "RoutineRun"
  WHEN NEW."status" NOT IN ('queued', 'running', 'succeeded', 'failed', 'interrupted', 'skipped')
  BEGIN SELECT RAISE(ABORT, 'RoutineRun.status must be one of queued, running, succeeded, failed, interrupted, skipped'); END;
UPDATE "RoutineRun" SET "status" = "status" WHERE "status" NOT IN ('queued', 'running', 'succeeded', 'failed', 'interrupted', 'skipped');

-- lib/routines/run-columns.ts
CREATE TRIGGER "RoutineRun_trigger_check_insert" BEFORE INSERT ON "RoutineRun"
  WHEN NEW."trigger" NOT IN ('scheduled', 'catch_up', 'manual')
  BEGIN SELECT RAISE(ABORT, 'RoutineRun.trigger must be one of scheduled, catch_up, manual'); END;
CREATE TRIGGER "RoutineRun_trigger_check_update" BEFORE UPDATE OF "trigger" ON "RoutineRun"
  WHEN NEW."trigger" NOT IN ('scheduled', 'catch_up', 'manual')
  BEGIN SELECT RAISE(ABORT, 'RoutineRun.trigger must be one of scheduled, catch_up, manual'); END;
UPDATE "RoutineRun" SET "trigger" = "trigger" WHERE "trigger" NOT IN ('scheduled', 'catch_up', 'manual');
