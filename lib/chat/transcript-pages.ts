import "server-only";
import { db } from "@/lib/db/client";
import { messageSelect, toStored, type MessageRow } from "@/lib/db/messages";
import { withDraftParts } from "@/lib/db/reply-parts";
import { withVersions } from "@/lib/branches/page-versions";

// Random-access pages of the live transcript: a jump to a search hit, to the first message (Home)
// or back down (End) reads one page, never the pages in between.

export type TranscriptPage = { messages: MessageRow[]; nextCursor: string | null; newerCursor: string | null };

const live = (threadId: string) => ({ threadId, deletedAt: null });

function older(threadId: string, seqAtMost: number, take: number) {
  return db().message.findMany({
    where: { ...live(threadId), seq: { lte: seqAtMost } },
    orderBy: { seq: "desc" },
    take,
    select: messageSelect,
  });
}

function newer(threadId: string, seqAbove: number, take: number) {
  return db().message.findMany({
    where: { ...live(threadId), seq: { gt: seqAbove } },
    orderBy: { seq: "asc" },
    take,
    select: messageSelect,
  });
}

/** The page holding `seq` (or where it would be), about half older and half newer, oldest first. */
export async function listMessagesAround(threadId: string, seq: number, limit: number): Promise<TranscriptPage> {
  const [before, after] = await Promise.all([older(threadId, seq, limit + 1), newer(threadId, seq, limit + 1)]);
  const olderWanted = Math.ceil(limit / 2);
  const newerCount = Math.min(after.length, limit - Math.min(before.length, olderWanted));
  const olderCount = Math.min(before.length, limit - newerCount);
  const rows = [...before.slice(0, olderCount).reverse(), ...after.slice(0, newerCount)];
  const messages = await withVersions(threadId, await withDraftParts(rows.map(toStored)), before[olderCount]?.id ?? null);
  return {
    messages,
    nextCursor: before.length > olderCount && messages.length ? String(messages[0].seq) : null,
    newerCursor: after.length > newerCount && messages.length ? String(messages.at(-1)!.seq) : null,
  };
}

/** The page right after `seq`, oldest first (`after=0`: the first page of the thread). */
export async function listMessagesAfter(threadId: string, seq: number, limit: number): Promise<TranscriptPage> {
  const rows = await newer(threadId, seq, limit + 1);
  const first = rows[0];
  const [previous] = first ? await older(threadId, first.seq - 1, 1) : [];
  const messages = await withVersions(threadId, await withDraftParts(rows.slice(0, limit).map(toStored)), previous?.id ?? null);
  const hasOlder = previous !== undefined;
  return {
    messages,
    nextCursor: hasOlder ? String(messages[0].seq) : null,
    newerCursor: rows.length > limit ? String(messages.at(-1)!.seq) : null,
  };
}
