import { currentUserId } from "@/lib/auth/session";
import { editUserMessage } from "@/lib/chat/edit";
import { config } from "@/lib/config";
import { getOwnedThread } from "@/lib/db/threads";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { editMessageSchema } from "@/lib/http/schemas";

/** Edit a user message: answers with the new message; regenerate the reply with POST /api/chat. */
export const PATCH = handler<{ id: string; messageId: string }>(async (req, { id, messageId }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  const cap = config().MAX_MESSAGE_CHARS;
  const { text } = await parseBody(req, editMessageSchema, cap * 4 + 1024);
  if (text.length > cap) throw new AppError("too_large", `Message is longer than ${cap} characters`);
  return Response.json({ message: await editUserMessage(id, messageId, text) });
});
