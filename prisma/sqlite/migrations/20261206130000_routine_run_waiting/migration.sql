-- A routine run can wait for the person (lib/routines/run-columns.ts, "waiting"): its reply stopped
-- at a tool call that needs approval. The status triggers take the longer list.
DROP TRIGGER "RoutineRun_status_check_insert";
DROP TRIGGER "RoutineRun_status_check_update";
CREATE TRIGGER "RoutineRun_status_check_insert" BEFORE INSERT ON "RoutineRun"
  WHEN NEW."status" NOT IN ('queued', 'running', 'succeeded', 'failed', 'interrupted', 'skipped', 'waiting')
  BEGIN SELECT RAISE(ABORT, 'RoutineRun.status must be one of queued, running, succeeded, failed, interrupted, skipped, waiting'); END;
CREATE TRIGGER "RoutineRun_status_check_update" BEFORE UPDATE OF "status" ON "RoutineRun"
  WHEN NEW."status" NOT IN ('queued', 'running', 'succeeded', 'failed', 'interrupted', 'skipped', 'waiting')
  BEGIN SELECT RAISE(ABORT, 'RoutineRun.status must be one of queued, running, succeeded, failed, interrupted, skipped, waiting'); END;
