import { currentUserId } from "@/lib/auth/session";
import { readTranscriptPage } from "@/lib/chat/transcript-page";
import { listMessagesAfter, listMessagesAround } from "@/lib/chat/transcript-pages";
import { getOwnedThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";
import { pageQuerySchema } from "@/lib/http/schemas";

export const GET = handler<{ id: string }>(async (req, { id }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  const { before, after, around, limit } = parseQuery(req, pageQuerySchema);
  if (around !== undefined) return Response.json(await listMessagesAround(id, Number(around), limit));
  if (after !== undefined) return Response.json(await listMessagesAfter(id, Number(after), limit));
  return Response.json(await readTranscriptPage(id, { beforeSeq: before ? Number(before) : undefined, limit }));
});
