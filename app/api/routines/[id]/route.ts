import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { presentRoutine } from "@/lib/routines/present";
import { updateRoutineSchema } from "@/lib/routines/schemas";
import { deleteRoutine, getOwnedRoutine, updateRoutine } from "@/lib/routines/store";

type P = { id: string };

export const GET = handler<P>(async (_req, { id }) => {
  const userId = await currentUserId();
  return Response.json({ routine: presentRoutine(await getOwnedRoutine(userId, id)) });
});

export const PATCH = handler<P>(async (req, { id }) => {
  const userId = await currentUserId();
  const patch = await parseBody(req, updateRoutineSchema, 16_384);
  return Response.json({ routine: presentRoutine(await updateRoutine(userId, id, patch)) });
});

export const DELETE = handler<P>(async (_req, { id }) => {
  const userId = await currentUserId();
  await deleteRoutine(userId, id);
  return new Response(null, { status: 204 });
});
