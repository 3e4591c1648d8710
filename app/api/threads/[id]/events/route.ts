import { z } from "zod";
import { currentUserId } from "@/lib/auth/session";
import { getOwnedThread } from "@/lib/db/threads";
import { openFeed } from "@/lib/events/feed";
import { parseCursor } from "@/lib/events/types";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";

const querySchema = z
  .object({
    // The last event id seen (what the Last-Event-ID header carries when the browser reconnects).
    after: z
      .string()
      .regex(/^\d{1,10}$/, "a non-negative integer")
      .optional(),
    // When the tab's data was read, in ms since the epoch: changes since then are replayed.
    since: z.coerce.number().int().min(0).max(8_640_000_000_000).optional(),
  })
  .strict();

/**
 * The thread's live feed (Server-Sent Events): one small event per change (a turn, a message, a
 * compaction, a workspace file, an action), from any instance. Another user's thread is a 404.
 */
export const GET = handler<{ id: string }>(async (req, { id }) => {
  const query = parseQuery(req, querySchema);
  const userId = await currentUserId();
  await getOwnedThread(userId, id);
  const cursor = parseCursor(req.headers.get("last-event-id")) ?? parseCursor(query.after);
  return openFeed({ userId, threadId: id, cursor, since: query.since ?? null, signal: req.signal });
});
