"use server";

import { z } from "zod";
import { idSchema } from "@/lib/http/schemas";
import { serverAction } from "@/lib/auth/server-action";
import { presentRoutine } from "@/lib/routines/present";
import { createRoutineSchema, updateRoutineSchema } from "@/lib/routines/schemas";
import { createRoutine, updateRoutine } from "@/lib/routines/store";

// The routine form's mutations (POST /api/routines and PATCH /api/routines/:id through the JSON API).

export const createRoutineAction = serverAction({ input: createRoutineSchema, maxBytes: 16_384 }, async (body, userId) => {
  const routine = await createRoutine(userId, body);
  return { id: routine.id, threadId: routine.threadId, nextRunAt: routine.nextRunAt, routine: presentRoutine(routine) };
});

export const updateRoutineAction = serverAction(
  { input: z.object({ id: idSchema, patch: updateRoutineSchema }).strict(), maxBytes: 16_384 },
  async ({ id, patch }, userId) => ({ routine: presentRoutine(await updateRoutine(userId, id, patch)) }),
);
