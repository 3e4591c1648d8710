import { guestWorkOf } from "@/lib/auth/guest-work";
import { currentCaller } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";

/** The guest work of this browser: a guest's own, or, signed in, what was kept apart from the account. */
export const GET = handler(async () => {
  const caller = await currentCaller();
  return Response.json({ guestWork: caller.guestId ? await guestWorkOf(caller.guestId) : null });
});
