import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { resumeDraft } from "@/lib/resume/draft";

/** The proposed first message of a new chat continuing this thread: {goal, planFiles, message}. */
export const GET = handler<{ id: string }>(async (_req, { id }) => {
  const userId = await currentUserId();
  return Response.json(await resumeDraft(userId, id));
});
