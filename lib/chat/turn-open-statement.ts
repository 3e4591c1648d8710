import type { Db } from "@/lib/db/client";
import type { NewMessage } from "@/lib/db/messages";

/**
 * PostgreSQL only: opens the usual turn (a new message in an owned thread with no turn recorded)
 * in ONE statement, where the transaction of turn-start.ts takes five round trips. Under a burst
 * every round trip waits behind the other turns' streaming in a busy event loop, so this is what
 * keeps the time to first text close to SQLite's (`npm run bench -- load`).
 *
 * The statement is the same compare-and-set as the transaction's: the UPDATE claims the thread
 * only if it is the user's, not deleted and has no turn (another claim in between waits for the row
 * lock, then matches nothing), moves `lastSeq` past the two new rows and names a new chat; the
 * INSERT in the same statement stores the user message and the streaming reply at those seqs. A
 * single statement commits or fails as a whole. Returns null when nothing was claimed: then the
 * transaction decides what it means (a 404, a 409, or taking over an expired turn).
 */
export async function openTurnInOneStatement(
  client: Db,
  owner: { userId: string; threadId: string },
  userMessage: NewMessage & { id: string },
  reply: { id: string },
  title: string | null,
): Promise<{ answeredMessageId: string; workspaceId: string } | null> {
  const { userId, threadId } = owner;
  const now = new Date();
  // The SELECT lists need casts: PostgreSQL cannot infer a parameter's type there.
  const rows = await client.$queryRaw<{ workspaceId: string }[]>`
    WITH claimed AS (
      UPDATE "Thread" SET
        "turnHolder" = ${reply.id}, "turnHeartbeatAt" = ${now}, "turnStopAt" = NULL,
        "lastSeq" = "lastSeq" + 2, "updatedAt" = ${now},
        "title" = CASE WHEN "title" = 'New chat' THEN COALESCE(CAST(${title} AS TEXT), "title") ELSE "title" END
      WHERE "id" = ${threadId} AND "userId" = ${userId} AND "deletedAt" IS NULL AND "turnHolder" IS NULL
      RETURNING "lastSeq", "workspaceId"
    ), stored AS (
      INSERT INTO "Message" ("id", "threadId", "seq", "role", "parts", "text", "tokens", "status", "runStart", "createdAt")
      SELECT CAST(${userMessage.id} AS TEXT), CAST(${threadId} AS TEXT), "lastSeq" - 1, 'user', CAST(${JSON.stringify(userMessage.parts)} AS TEXT),
        CAST(${userMessage.text} AS TEXT), CAST(${userMessage.tokens} AS INTEGER), 'complete', CAST(${userMessage.runStart ?? false} AS BOOLEAN),
        CAST(${now} AS TIMESTAMP(3))
      FROM claimed
      UNION ALL
      SELECT CAST(${reply.id} AS TEXT), CAST(${threadId} AS TEXT), "lastSeq", 'assistant', '[]', '', 0, 'streaming', FALSE, CAST(${now} AS TIMESTAMP(3))
      FROM claimed
    )
    SELECT "workspaceId" FROM claimed`;
  return rows.length === 1 ? { answeredMessageId: userMessage.id, workspaceId: rows[0].workspaceId } : null;
}
