import { currentUserId } from "@/lib/auth/session";
import { branchIntoNewChat } from "@/lib/chat/branch-thread";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { branchSchema } from "@/lib/http/schemas";

/** A new chat with the shown conversation up to this message: 201 {id, messages, summaryCarried}. */
export const POST = handler<{ id: string; messageId: string }>(async (req, { id, messageId }) => {
  const userId = await currentUserId();
  const { workspace } = await parseBody(req, branchSchema, 1_024);
  return Response.json(await branchIntoNewChat(userId, id, messageId, workspace), { status: 201 });
});
