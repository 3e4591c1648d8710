import { currentUserId } from "@/lib/auth/session";
import { activeTurn } from "@/lib/chat/turn-lease";
import { deleteThread, getOwnedThread, renameThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { renameThreadSchema } from "@/lib/http/schemas";

type P = { id: string };

export const GET = handler<P>(async (_req, { id }) => {
  const userId = await currentUserId();
  const thread = await getOwnedThread(userId, id);
  const turn = await activeTurn(id);
  return Response.json({ thread: { ...thread, activeTurn: turn && { assistantMessageId: turn.assistantMessageId } } });
});

export const PATCH = handler<P>(async (req, { id }) => {
  const userId = await currentUserId();
  const { title } = await parseBody(req, renameThreadSchema, 4096);
  return Response.json({ thread: await renameThread(userId, id, title) });
});

export const DELETE = handler<P>(async (_req, { id }) => {
  const userId = await currentUserId();
  await deleteThread(userId, id);
  return new Response(null, { status: 204 });
});
