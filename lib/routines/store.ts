import "server-only";
import { db } from "@/lib/db/client";
import { storedValue } from "@/lib/db/stored-value";
import { notFound } from "@/lib/errors";
import { assertSchedule, type CreateRoutineInput, type UpdateRoutineInput } from "./schemas";
import { ROUTINE_RUN_STATUSES, RUN_TRIGGERS } from "./run-columns";
import { nextRunAfter } from "./schedule";

/*
 * Routines by owner. Another user's (or a deleted) routine is not found, like threads. Each routine
 * gets its own thread and workspace when it is created; all its runs share them.
 */

export const routineSelect = {
  id: true,
  name: true,
  instructions: true,
  cron: true,
  timezone: true,
  enabled: true,
  nextRunAt: true,
  threadId: true,
  workspaceId: true,
  runHolder: true,
  runHeartbeatAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type RoutineRow = {
  id: string;
  name: string;
  instructions: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  nextRunAt: Date | null;
  threadId: string;
  workspaceId: string;
  runHolder: string | null;
  runHeartbeatAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export async function createRoutine(userId: string, input: CreateRoutineInput): Promise<RoutineRow> {
  assertSchedule(input.cron, input.timezone);
  const enabled = input.enabled ?? true;
  const nextRunAt = enabled ? nextRunAfter(input.cron, input.timezone, new Date()) : null;
  return db().$transaction(async (tx) => {
    const workspace = await tx.workspace.create({ data: { userId } });
    const thread = await tx.thread.create({
      data: { userId, workspaceId: workspace.id, title: input.name, autoTitle: false },
      select: { id: true },
    });
    return tx.routine.create({
      data: {
        userId,
        threadId: thread.id,
        workspaceId: workspace.id,
        name: input.name,
        instructions: input.instructions,
        cron: input.cron,
        timezone: input.timezone,
        enabled,
        nextRunAt,
      },
      select: routineSelect,
    });
  });
}

export function listRoutines(userId: string): Promise<RoutineRow[]> {
  return db().routine.findMany({
    where: { userId, deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: routineSelect,
    take: 200,
  });
}

export async function getOwnedRoutine(userId: string, id: string): Promise<RoutineRow> {
  const row = await db().routine.findFirst({ where: { id, userId, deletedAt: null }, select: routineSelect });
  if (!row) throw notFound("Routine");
  return row;
}

/**
 * A changed schedule, or resuming, starts from the next slot after now: a paused routine does not
 * catch up on the slots it was paused for. Unchanged schedules keep their pending slot.
 */
export async function updateRoutine(userId: string, id: string, patch: UpdateRoutineInput): Promise<RoutineRow> {
  const current = await getOwnedRoutine(userId, id);
  const next = { ...current, ...patch };
  const scheduleChanged = next.cron !== current.cron || next.timezone !== current.timezone || next.enabled !== current.enabled;
  if (scheduleChanged) assertSchedule(next.cron, next.timezone);
  const nextRunAt = !next.enabled
    ? null
    : scheduleChanged || !current.nextRunAt
      ? nextRunAfter(next.cron, next.timezone, new Date())
      : current.nextRunAt;
  return db().$transaction(async (tx) => {
    const { count } = await tx.routine.updateMany({
      where: { id, userId, deletedAt: null },
      data: { ...patch, nextRunAt, updatedAt: new Date() },
    });
    if (count === 0) throw notFound("Routine");
    if (patch.name && patch.name !== current.name) await tx.thread.update({ where: { id: current.threadId }, data: { title: patch.name } });
    return tx.routine.findUniqueOrThrow({ where: { id }, select: routineSelect });
  });
}

/** The routine and its thread leave together; a run in progress finishes but no new one is claimed. */
export async function deleteRoutine(userId: string, id: string): Promise<void> {
  const now = new Date();
  await db().$transaction(async (tx) => {
    const routine = await tx.routine.findFirst({ where: { id, userId, deletedAt: null }, select: { threadId: true } });
    if (!routine) throw notFound("Routine");
    const { count } = await tx.routine.updateMany({
      where: { id, deletedAt: null },
      data: { deletedAt: now, enabled: false, nextRunAt: null },
    });
    if (count === 0) throw notFound("Routine");
    await tx.thread.updateMany({ where: { id: routine.threadId }, data: { deletedAt: now } });
  });
}

export const runSelect = {
  id: true,
  status: true,
  trigger: true,
  scheduledFor: true,
  startedAt: true,
  finishedAt: true,
  startMessageId: true,
  notesUpdated: true,
  error: true,
} as const;

/** Newest first. */
export async function listRuns(routineId: string, limit = 100) {
  const rows = await db().routineRun.findMany({
    where: { routineId },
    orderBy: [{ scheduledFor: "desc" }, { id: "desc" }],
    take: limit,
    select: runSelect,
  });
  return rows.map((r) => ({
    ...r,
    status: storedValue(ROUTINE_RUN_STATUSES, r.status, "RoutineRun.status"),
    trigger: storedValue(RUN_TRIGGERS, r.trigger, "RoutineRun.trigger"),
  }));
}
