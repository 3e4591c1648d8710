import crypto from "node:crypto";
import { retryWhenBusy } from "@/lib/db/busy-retry";
import { db, type Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { newMessageId } from "./message-id";

/*
 * "Branch into a new chat" (issue 40 item 5): a new thread holding the shown path up to a message,
 * in ONE transaction. Its workspace is the same one (shared: both chats read and write the same
 * files) or a copy (files with their history, and attachments, from this moment on apart). The
 * summary in force on that path comes along when its cut (and floor) are on it, so the branch's
 * first turn needs no compaction.
 */

export type BranchWorkspace = "shared" | "copy";

const TX_OPTIONS = { maxWait: 15_000, timeout: 60_000 };
const CHUNK = 500;

export async function branchIntoNewChat(
  userId: string,
  threadId: string,
  messageId: string,
  workspace: BranchWorkspace,
): Promise<{ id: string; messages: number; summaryCarried: boolean }> {
  return retryWhenBusy(() =>
    db().$transaction(async (tx) => {
      const source = await tx.thread.findFirst({
        where: { id: threadId, userId, deletedAt: null },
        select: { title: true, workspaceId: true, chatModel: true },
      });
      if (!source) throw notFound();
      const target = await tx.message.findFirst({
        where: { id: messageId, threadId, deletedAt: null },
        select: { seq: true, status: true },
      });
      if (!target) throw notFound("Message");
      if (target.status === "streaming")
        throw new AppError("turn_in_progress", "That reply is still being written; branch from it when it ends.");
      const path = await tx.message.findMany({ where: { threadId, deletedAt: null, seq: { lte: target.seq } }, orderBy: { seq: "asc" } });
      const thread = { id: crypto.randomUUID() };
      const workspaceId = workspace === "shared" ? source.workspaceId : await copyWorkspace(tx, userId, source.workspaceId, thread.id);
      await tx.thread.create({
        data: {
          id: thread.id,
          userId,
          workspaceId,
          title: `${source.title} · branch`,
          autoTitle: false,
          chatModel: source.chatModel,
          lastSeq: path.length,
        },
      });
      const ids = new Map(path.map((m) => [m.id, newMessageId()]));
      const copies = path.map((m, i) => ({
        id: ids.get(m.id)!,
        threadId: thread.id,
        seq: i + 1,
        role: m.role,
        parts: m.parts,
        text: m.text,
        tokens: m.tokens,
        status: m.status,
        error: m.error,
        errorCode: m.errorCode,
        runStart: m.runStart,
        createdAt: m.createdAt,
        pinnedAt: m.pinnedAt,
      }));
      await inChunks(copies, (data) => tx.message.createMany({ data }));
      const summaryCarried = await carrySummary(tx, threadId, thread.id, ids);
      return { id: thread.id, messages: copies.length, summaryCarried };
    }, TX_OPTIONS),
  );
}

/** The newest summary whose cut (and floor) are on the copied path, pointed at the copies. */
async function carrySummary(tx: Tx, from: string, to: string, ids: Map<string, string>): Promise<boolean> {
  const summaries = await tx.summary.findMany({ where: { threadId: from }, orderBy: { createdAt: "desc" }, take: 20 });
  const carried = summaries.find((s) => ids.has(s.cutMessageId) && (!s.floorMessageId || ids.has(s.floorMessageId)));
  if (!carried) return false;
  await tx.summary.create({
    data: {
      threadId: to,
      text: carried.text,
      cutMessageId: ids.get(carried.cutMessageId)!,
      floorMessageId: carried.floorMessageId ? ids.get(carried.floorMessageId)! : null,
      tokens: carried.tokens,
      status: "active",
    },
  });
  return true;
}

/**
 * A new workspace with the files as they are now, their history, and the attachments' rows (the
 * bytes are shared: they never change, and are removed only with the account). The attachments
 * count against the new chat's own cap.
 */
async function copyWorkspace(tx: Tx, userId: string, workspaceId: string, newThreadId: string): Promise<string> {
  const copy = await tx.workspace.create({ data: { userId }, select: { id: true } });
  const [files, versions, attachments] = await Promise.all([
    tx.workspaceFile.findMany({ where: { workspaceId } }),
    tx.fileVersion.findMany({ where: { workspaceId } }),
    tx.attachment.findMany({ where: { workspaceId } }),
  ]);
  const strip = <T extends { id: string; workspaceId: string }>({ id: _id, workspaceId: _ws, ...rest }: T) => ({
    ...rest,
    workspaceId: copy.id,
  });
  await inChunks(files.map(strip), (data) => tx.workspaceFile.createMany({ data }));
  await inChunks(versions.map(strip), (data) => tx.fileVersion.createMany({ data }));
  const ownAttachments = attachments.map((a) => ({ ...strip(a), threadId: newThreadId }));
  await inChunks(ownAttachments, (data) => tx.attachment.createMany({ data }));
  return copy.id;
}

// Rows per INSERT: under SQLite's bound-parameter limit for the widest table copied (Message).
async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}
