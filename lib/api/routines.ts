import type { z } from "zod";
import type { presentRoutine } from "@/lib/routines/present";
import type { RoutineRunStatus } from "@/lib/routines/run-columns";
import type { createRoutineSchema, updateRoutineSchema } from "@/lib/routines/schemas";
import type { listRuns } from "@/lib/routines/store";
import type { Wire } from "./wire";

/** A routine on the wire (GET /api/routines, /api/routines/:id), derived from lib/routines/present.ts. */
export type ApiRoutine = Wire<ReturnType<typeof presentRoutine>>;

export type { RoutineRunStatus };

/** One run, newest first (GET /api/routines/:id/runs). */
export type ApiRoutineRun = Wire<Awaited<ReturnType<typeof listRuns>>[number]>;

export type RoutineListResponse = { routines: ApiRoutine[] };
export type RoutineResponse = { routine: ApiRoutine };
export type CreateRoutineResponse = { id: string; threadId: string; nextRunAt: string | null; routine: ApiRoutine };
export type RoutineRunsResponse = { runs: ApiRoutineRun[] };
/** POST /api/routines/:id/run: 202, the run goes on after the answer. */
export type RunRoutineResponse = { runId: string };

export type CreateRoutineRequest = z.input<typeof createRoutineSchema>;
export type UpdateRoutineRequest = z.input<typeof updateRoutineSchema>;
