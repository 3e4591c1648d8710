import { currentUserId } from "@/lib/auth/session";
import { actionKeySchema, resolveActionSchema } from "@/lib/actions/http";
import { resolveAction } from "@/lib/actions/resolve";
import { actionProviderByName } from "@/lib/sweep/action-providers";
import { getOwnedThread } from "@/lib/db/threads";
import { notFound } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";

/** A person settles a needs_human action: {decision: "mark_sent" | "send_again"}, journaled with who. */
export const POST = handler<{ id: string; key: string }>(async (req, { id, key }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  // Next has already decoded the segment once; decoding again would break keys holding a "%".
  const parsedKey = actionKeySchema.safeParse(key);
  if (!parsedKey.success) throw notFound("Action");
  const { decision } = await parseBody(req, resolveActionSchema, 1024);
  const outcome = await resolveAction({ userId, threadId: id, key: parsedKey.data, decision }, actionProviderByName);
  return Response.json({ outcome });
});
