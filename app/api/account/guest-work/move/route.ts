import { moveGuestWork } from "@/lib/auth/guest-work";
import { currentCaller, currentUserId, forgetGuestCookie } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";

/** Moves this browser's guest work into the signed-in account, then forgets the (now empty) guest. */
export const POST = handler(async () => {
  const userId = await currentUserId();
  const caller = await currentCaller();
  if (caller.kind !== "account" || caller.userId !== userId)
    throw new AppError("unauthorized", "Sign in first: the work moves into the account you are signed in to.");
  if (!caller.guestId) return Response.json({ moved: { threads: 0, routines: 0 } });
  const moved = await moveGuestWork(caller.guestId, userId);
  await forgetGuestCookie();
  return Response.json({ moved });
});
