import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { pinMessage, unpinMessage } from "@/lib/pins/pins";

/** Pins a message (kept verbatim after the summary); 422 limit_reached when over the pin budget. */
export const POST = handler<{ id: string; messageId: string }>(async (_req, { id, messageId }) => {
  return Response.json(await pinMessage(await currentUserId(), id, messageId));
});

export const DELETE = handler<{ id: string; messageId: string }>(async (_req, { id, messageId }) => {
  return Response.json(await unpinMessage(await currentUserId(), id, messageId));
});
