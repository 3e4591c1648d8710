import { countTokens } from "@/lib/ai/tokens";
import { ATTACHMENT_PART, attachmentRef, carriedAttachments } from "@/lib/context";
import { db } from "@/lib/db/client";
import type { MessagePart, MessageRow } from "@/lib/db/messages";

/*
 * The inspector's view of a thread's attachments: the ones the next request carries (the
 * attachments of the messages it sends, an image in full, anything else as its note) with their
 * estimated tokens, and the ones it does not: named in older messages (before the cut, where the
 * summary and the workspace hold them by path, 0 tokens), or uploaded and not sent in a message yet.
 */

export type NotCarriedReason = "before_cut" | "not_sent";

export async function inspectAttachments(threadId: string, sent: MessageRow[]) {
  const carried = carriedAttachments(sent, countTokens).map((a) => ({
    path: a.path,
    mediaType: a.mediaType,
    size: a.size,
    asImage: a.asImage,
    tokens: a.tokens,
    messageId: a.messageId,
  }));
  const carriedPaths = new Set(carried.map((a) => a.path));
  const rows = await db().attachment.findMany({
    where: { threadId },
    orderBy: { createdAt: "asc" },
    select: { path: true, mediaType: true, size: true, workspaceId: true },
  });
  const others = rows.filter((r) => !carriedPaths.has(r.path));
  const live =
    others.length > 0
      ? await livePaths(
          others[0].workspaceId,
          others.map((r) => r.path),
        )
      : new Set<string>();
  const rest = others.filter((r) => live.has(r.path));
  const older = rest.length > 0 ? await namedBefore(threadId, sent[0]?.seq ?? Number.MAX_SAFE_INTEGER) : new Set<string>();
  const notCarried = rest.map((r) => {
    const reason: NotCarriedReason = older.has(r.path) ? "before_cut" : "not_sent";
    return { path: r.path, mediaType: r.mediaType, size: r.size, tokens: 0, reason };
  });
  return { carried, notCarried, tokens: carried.reduce((sum, a) => sum + a.tokens, 0) };
}

/** Of `paths`, the workspace files still there: an attachment whose file was deleted is gone for the person and the agent alike. */
async function livePaths(workspaceId: string, paths: string[]): Promise<Set<string>> {
  const files = await db().workspaceFile.findMany({
    where: { workspaceId, path: { in: paths }, deletedAt: null },
    select: { path: true },
  });
  return new Set(files.map((f) => f.path));
}

/** The attachment paths named by live messages before `seq` (only rows holding an attachment part are read whole). */
async function namedBefore(threadId: string, seq: number): Promise<Set<string>> {
  const rows = await db().message.findMany({
    where: { threadId, deletedAt: null, seq: { lt: seq }, role: "user", parts: { contains: ATTACHMENT_PART } },
    select: { parts: true },
  });
  const paths = new Set<string>();
  for (const row of rows) {
    for (const part of JSON.parse(row.parts) as MessagePart[]) {
      const ref = attachmentRef(part);
      if (ref) paths.add(ref.path);
    }
  }
  return paths;
}
