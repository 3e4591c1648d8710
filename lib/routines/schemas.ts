import { z } from "zod";
import { AppError } from "@/lib/errors";
import { storableString } from "@/lib/http/safe-text";
import { scheduleProblem } from "./schedule";

/** Request bodies of /api/routines. The schedule's validity is checked on the pair (cron, timezone). */
const fields = {
  name: storableString().trim().min(1, "must not be empty").max(100),
  instructions: storableString().trim().min(1, "must not be empty").max(8000),
  cron: storableString().trim().min(1, "must not be empty").max(120),
  timezone: storableString().trim().min(1, "must not be empty").max(64),
  enabled: z.boolean(),
};

export const createRoutineSchema = z.object({ ...fields, enabled: fields.enabled.optional() }).strict();
export const updateRoutineSchema = z.object(fields).partial().strict();

export type CreateRoutineInput = z.infer<typeof createRoutineSchema>;
export type UpdateRoutineInput = z.infer<typeof updateRoutineSchema>;

/** A 400 naming the field (cron or timezone) and why, like any other invalid field. */
export function assertSchedule(cron: string, timezone: string): void {
  const problem = scheduleProblem(cron, timezone);
  if (problem) throw new AppError("invalid_body", `Invalid field "${problem.field}": ${problem.message}`, { field: problem.field });
}
