import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { pinState } from "@/lib/pins/pins";

/** The thread's pinned messages and the pin budget. */
export const GET = handler<{ id: string }>(async (_req, { id }) => {
  return Response.json(await pinState(await currentUserId(), id));
});
