import { currentUserId } from "@/lib/auth/session";
import { showVersion } from "@/lib/chat/show-version";
import { handler } from "@/lib/http/handler";

/**
 * Shows this version of a message (`< k / n >`) and the branch last shown under it; the version on
 * the path now leaves it, kept to flip back to. 409 while a reply is being written.
 */
export const POST = handler<{ id: string; messageId: string }>(async (_req, { id, messageId }) => {
  return Response.json(await showVersion(await currentUserId(), id, messageId));
});
