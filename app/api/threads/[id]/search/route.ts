import { currentUserId } from "@/lib/auth/session";
import { getOwnedThread } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";
import { MAX_INT32 } from "@/lib/http/safe-text";
import { searchQuerySchema } from "@/lib/search/schemas";
import { searchMessages } from "@/lib/search/search";

/** Search one thread's whole stored transcript (compacted-away messages included). */
export const GET = handler<{ id: string }>(async (req, { id }) => {
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  const { q, limit, cursor, deleted, from, to } = parseQuery(req, searchQuerySchema);
  const seqRange = from !== undefined || to !== undefined ? { from: from ?? 1, to: to ?? MAX_INT32 } : undefined;
  return Response.json(await searchMessages({ userId, threadId: id, q, limit, cursor, includeDeleted: deleted === "1", seqRange }));
});
