-- A routine run can wait for the person (lib/routines/run-columns.ts, "waiting"): its reply stopped
-- at a tool call that needs approval. The status check takes the longer list.
ALTER TABLE "RoutineRun" DROP CONSTRAINT "RoutineRun_status_check";
ALTER TABLE "RoutineRun" ADD CONSTRAINT "RoutineRun_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'interrupted', 'skipped', 'waiting'));
