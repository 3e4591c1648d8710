import { currentUserId } from "@/lib/auth/session";
import { editOwnMessage } from "@/lib/chat/edit";
import { config } from "@/lib/config";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { editMessageSchema } from "@/lib/http/schemas";

/** Edit a user message: answers with the new message; regenerate the reply with POST /api/chat. */
export const PATCH = handler<{ id: string; messageId: string }>(async (req, { id, messageId }) => {
  const userId = await currentUserId();
  const { text } = await parseBody(req, editMessageSchema, config().MAX_MESSAGE_CHARS * 4 + 1024);
  return Response.json({ message: await editOwnMessage(userId, id, messageId, text) });
});
