import { currentUserId } from "@/lib/auth/session";
import { stopTurn } from "@/lib/chat/turn";
import { getOwnedThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";

/** Stops the thread's running turn from any tab or instance; {stopped: false} when none runs. */
export const POST = handler<{ id: string }>(async (_req, { id }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  return Response.json({ stopped: await stopTurn(id) });
});
