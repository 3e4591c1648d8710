import { currentUserId } from "@/lib/auth/session";
import { inspectContext } from "@/lib/chat/inspect";
import { getOwnedThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";

/** The context inspector: what the next request would send. `?input=1` adds the last exact input. */
export const GET = handler<{ id: string }>(async (req, { id }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  const includeInput = new URL(req.url).searchParams.get("input") === "1";
  return Response.json(await inspectContext(id, { includeInput }));
});
