import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { presentRoutine } from "@/lib/routines/present";
import { createRoutineSchema } from "@/lib/routines/schemas";
import { createRoutine, listRoutines } from "@/lib/routines/store";

export const GET = handler(async () => {
  const userId = await currentUserId();
  return Response.json({ routines: (await listRoutines(userId)).map((r) => presentRoutine(r)) });
});

export const POST = handler(async (req) => {
  const userId = await currentUserId();
  const body = await parseBody(req, createRoutineSchema, 16_384);
  const routine = await createRoutine(userId, body);
  return Response.json(
    { id: routine.id, threadId: routine.threadId, nextRunAt: routine.nextRunAt, routine: presentRoutine(routine) },
    { status: 201 },
  );
});
