import { currentUserId } from "@/lib/auth/session";
import { activeTurn } from "@/lib/chat/turn-lease";
import { archiveChat, renameChat } from "@/lib/chat-list/person-changes";
import { deleteThread, getOwnedThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { updateThreadSchema } from "@/lib/http/schemas";

type P = { id: string };

export const GET = handler<P>(async (_req, { id }) => {
  const userId = await currentUserId();
  const thread = await getOwnedThread(userId, id);
  const turn = await activeTurn(id);
  return Response.json({ thread: { ...thread, activeTurn: turn && { assistantMessageId: turn.assistantMessageId } } });
});

export const PATCH = handler<P>(async (req, { id }) => {
  const userId = await currentUserId();
  const { title, archived } = await parseBody(req, updateThreadSchema, 4096);
  let thread = title !== undefined ? await renameChat(userId, id, title) : null;
  if (archived !== undefined) thread = await archiveChat(userId, id, archived);
  return Response.json({ thread });
});

export const DELETE = handler<P>(async (_req, { id }) => {
  const userId = await currentUserId();
  await deleteThread(userId, id);
  return new Response(null, { status: 204 });
});
