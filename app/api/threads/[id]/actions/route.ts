import { currentUserId } from "@/lib/auth/session";
import { listThreadActions } from "@/lib/actions/list";
import { getOwnedThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";

export const GET = handler<{ id: string }>(async (_req, { id }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  return Response.json({ actions: await listThreadActions(userId, id) });
});
