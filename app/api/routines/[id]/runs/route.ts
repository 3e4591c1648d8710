import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { getOwnedRoutine, listRuns } from "@/lib/routines/store";

export const GET = handler<{ id: string }>(async (_req, { id }) => {
  const userId = await currentUserId();
  const routine = await getOwnedRoutine(userId, id);
  return Response.json({ runs: await listRuns(routine.id) });
});
