import { currentUserId } from "@/lib/auth/session";
import { readTranscriptPage } from "@/lib/chat/transcript-page";
import { getOwnedThread } from "@/lib/db/threads";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { pageQuerySchema } from "@/lib/http/schemas";

export const GET = handler<{ id: string }>(async (req, { id }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  const query = pageQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) {
    const issue = query.error.issues[0];
    throw new AppError("invalid_body", `Invalid query parameter "${issue.path.join(".")}": ${issue.message}`);
  }
  const { before, limit } = query.data;
  return Response.json(await readTranscriptPage(id, { beforeSeq: before ? Number(before) : undefined, limit }));
});
