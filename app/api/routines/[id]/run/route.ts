import { afterResponse } from "@/lib/background/after-response";
import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { recordRun } from "@/lib/routines/claim";
import { executeRun } from "@/lib/routines/execute";
import { getOwnedRoutine } from "@/lib/routines/store";
import { AppError } from "@/lib/errors";

// A run is a few model turns; after() keeps it going once the 202 is sent (waitUntil on Vercel).
export const maxDuration = 300;

export const POST = handler<{ id: string }>(async (_req, { id }) => {
  const userId = await currentUserId();
  const routine = await getOwnedRoutine(userId, id);
  const run = await recordRun(routine.id, new Date(), "manual", { whenBusy: "refuse" });
  if (!run) throw new AppError("conflict", "A run for this moment already exists");
  afterResponse("routine run", () => executeRun(run.runId));
  return Response.json({ runId: run.runId }, { status: 202 });
});
