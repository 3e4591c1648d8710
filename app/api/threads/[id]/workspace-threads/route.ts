import { currentUserId } from "@/lib/auth/session";
import { listWorkspaceThreads } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";

/** The threads sharing this thread's workspace, oldest first: where the work moved. */
export const GET = handler<{ id: string }>(async (_req, { id }) => {
  const userId = await currentUserId();
  return Response.json({ threads: await listWorkspaceThreads(userId, id) });
});
