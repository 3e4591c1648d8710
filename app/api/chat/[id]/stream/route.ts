import { currentUserId } from "@/lib/auth/session";
import { resumeTurnResponse } from "@/lib/chat/live-stream";
import { getOwnedThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";

/** Where useChat({resume: true}) reconnects: the running turn's live stream, or 204. */
export const GET = handler<{ id: string }>(async (_req, { id }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  return resumeTurnResponse(id);
});
