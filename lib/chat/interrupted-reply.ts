import type { Db, Tx } from "@/lib/db/client";
import type { MessagePart } from "@/lib/db/messages";
import { draftRows, overlayParts } from "@/lib/db/reply-parts";
import { messageText } from "@/lib/context";
import { hasOpenToolCalls, settleOpenToolCalls, type ActionEffect } from "./interrupted-tools";
import { interruptedFailure } from "./turn-failure";

/**
 * A reply still marked streaming whose writer is gone keeps its partial text and says why it
 * stopped. Tool calls whose result was never saved are settled from what the reply did (its
 * workspace versions and ledger rows, both named by the reply's id), in the same statement that
 * marks it: the transcript never shows less than what was done.
 */
export async function markInterrupted(client: Db | Tx, messageId: string): Promise<boolean> {
  const failure = interruptedFailure();
  const row = await client.message.findUnique({
    where: { id: messageId },
    select: { status: true, parts: true, threadId: true, thread: { select: { workspaceId: true } } },
  });
  if (!row || row.status !== "streaming") return false;
  // The parts as last saved: the stored ones with the reply's draft rows (lib/db/reply-parts.ts).
  const drafts = await draftRows(client, messageId);
  const parts = overlayParts(JSON.parse(row.parts) as MessagePart[], drafts);
  const settled = hasOpenToolCalls(parts) ? await settleFromEffects(client, row, messageId, parts) : null;
  const final = settled ?? parts;
  const { count } = await client.message.updateMany({
    // The parts we read: a writer still saving (it was only presumed dead) keeps its own.
    where: { id: messageId, status: "streaming", ...(settled || drafts.length ? { parts: row.parts } : {}) },
    data: {
      status: "interrupted",
      error: failure.message,
      errorCode: failure.code,
      ...(settled || drafts.length ? { parts: JSON.stringify(final), text: messageText(final) } : {}),
    },
  });
  if (count === 1 && drafts.length) await client.replyPart.deleteMany({ where: { messageId } });
  return count === 1;
}

async function settleFromEffects(
  client: Db | Tx,
  row: { threadId: string; thread: { workspaceId: string } },
  messageId: string,
  parts: MessagePart[],
): Promise<MessagePart[]> {
  // Sequential: both may run inside the caller's transaction. Contents are not read (a deletion
  // is the version without content).
  const where = { workspaceId: row.thread.workspaceId, messageId };
  const versions = await client.fileVersion.findMany({
    where,
    orderBy: [{ createdAt: "asc" }, { version: "asc" }],
    select: { path: true, version: true },
  });
  const deletions = await client.fileVersion.findMany({ where: { ...where, content: null }, select: { path: true, version: true } });
  const ledger = await client.actionLedger.findMany({
    where: { threadId: row.threadId, stepId: messageId },
    orderBy: { createdAt: "asc" },
    select: { key: true, request: true, status: true, resultId: true },
  });
  const actions: ActionEffect[] = ledger.map((a) => {
    const request = JSON.parse(a.request) as { to?: string; subject?: string };
    return { key: a.key, to: request.to ?? null, subject: request.subject ?? null, status: a.status, resultId: a.resultId };
  });
  const deleted = new Set(deletions.map((d) => `${d.path}@${d.version}`));
  const files = versions.map((v) => ({ path: v.path, version: v.version, deleted: deleted.has(`${v.path}@${v.version}`) }));
  return settleOpenToolCalls(parts, { files, actions });
}
