import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";
import { searchQuerySchema } from "@/lib/search/schemas";
import { searchMessages } from "@/lib/search/search";

/** Search across all of the caller's threads. */
export const GET = handler(async (req) => {
  const userId = await currentUserId();
  const { q, limit, cursor, deleted } = parseQuery(req, searchQuerySchema);
  return Response.json(await searchMessages({ userId, q, limit, cursor, includeDeleted: deleted === "1" }));
});
