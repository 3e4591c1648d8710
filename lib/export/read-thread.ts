import { db } from "@/lib/db/client";
import { draftRows, overlayParts } from "@/lib/db/reply-parts";
import { messageSelect, type MessagePart } from "@/lib/db/messages";
import { storeFor } from "@/lib/attachments/storage";
import type { ActionExport, AttachmentExport, MessageExport, RoutineExport, ThreadExport, WorkspaceExport } from "./format";

/*
 * Reads what an export holds of one thread, from the database. The thread is the caller's: the
 * routes check ownership (getOwnedThread) before calling here, and everything below is read by that
 * thread's ids only. Long lists are read in pages, so a 2,000-message thread (or a workspace with
 * thousands of versions) is never one unbounded query.
 */

const PAGE = 500;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

type ThreadRow = {
  id: string;
  workspaceId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  chatModel: string | null;
  autoTitle: boolean;
  lastSeq: number;
};

/** The thread row's own fields an export keeps (no leases, no owner). */
export const exportThreadSelect = {
  id: true,
  workspaceId: true,
  title: true,
  createdAt: true,
  updatedAt: true,
  archivedAt: true,
  chatModel: true,
  autoTitle: true,
  lastSeq: true,
} as const;

/** One thread with its messages, summaries, compactions, routine and action ledger (its workspace apart). */
export async function readThreadExport(thread: ThreadRow): Promise<ThreadExport> {
  const [messages, summaries, compactions, routine, actions, attachments] = [
    await readMessages(thread.id),
    await readSummaries(thread.id),
    await readCompactions(thread.id),
    await readRoutine(thread.id),
    await readActions(thread.id),
    await readAttachments(thread.id),
  ];
  return {
    ...thread,
    createdAt: iso(thread.createdAt),
    updatedAt: iso(thread.updatedAt),
    archivedAt: isoOrNull(thread.archivedAt),
    messages,
    summaries,
    compactions,
    routine,
    actions,
    attachments,
  };
}

/** Every message of the thread, the audit rows of edits and retries included, in seq order, a page at a time. */
async function readMessages(threadId: string): Promise<MessageExport[]> {
  const out: MessageExport[] = [];
  for (let after = 0; ;) {
    const rows = await db().message.findMany({
      where: { threadId, seq: { gt: after } },
      orderBy: { seq: "asc" },
      take: PAGE,
      select: { ...messageSelect, deletedAt: true, parentId: true, replacedById: true, pinnedAt: true },
    });
    for (const row of rows) {
      let parts = JSON.parse(row.parts) as MessagePart[];
      // A reply still streaming has its newest parts in draft rows: the export takes what is saved.
      if (row.status === "streaming") parts = overlayParts(parts, await draftRows(db(), row.id));
      out.push({
        ...row,
        role: row.role as MessageExport["role"],
        status: row.status as MessageExport["status"],
        parts,
        createdAt: iso(row.createdAt),
        deletedAt: isoOrNull(row.deletedAt),
        pinnedAt: isoOrNull(row.pinnedAt),
      });
    }
    if (rows.length < PAGE) return out;
    after = rows[rows.length - 1].seq;
  }
}

async function readSummaries(threadId: string) {
  const rows = await db().summary.findMany({
    where: { threadId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, text: true, cutMessageId: true, floorMessageId: true, tokens: true, status: true, createdAt: true },
  });
  return rows.map((r) => ({ ...r, status: r.status as "active" | "superseded", createdAt: iso(r.createdAt) }));
}

async function readCompactions(threadId: string): Promise<ThreadExport["compactions"]> {
  const rows = await db().compaction.findMany({ where: { threadId }, orderBy: [{ startedAt: "asc" }, { id: "asc" }] });
  return rows.map(({ threadId: _thread, ...r }) => ({
    ...r,
    status: r.status as ThreadExport["compactions"][number]["status"],
    trigger: r.trigger as ThreadExport["compactions"][number]["trigger"],
    startedAt: iso(r.startedAt),
    finishedAt: isoOrNull(r.finishedAt),
  }));
}

async function readRoutine(threadId: string): Promise<RoutineExport | null> {
  const r = await db().routine.findUnique({ where: { threadId } });
  if (!r) return null;
  const runs = await db().routineRun.findMany({ where: { routineId: r.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return {
    id: r.id,
    workspaceId: r.workspaceId,
    name: r.name,
    instructions: r.instructions,
    cron: r.cron,
    timezone: r.timezone,
    enabled: r.enabled,
    nextRunAt: isoOrNull(r.nextRunAt),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    deletedAt: isoOrNull(r.deletedAt),
    runs: runs.map(({ routineId: _routine, ...run }) => ({
      ...run,
      trigger: run.trigger as RoutineExport["runs"][number]["trigger"],
      status: run.status as RoutineExport["runs"][number]["status"],
      scheduledFor: iso(run.scheduledFor),
      createdAt: iso(run.createdAt),
      startedAt: isoOrNull(run.startedAt),
      finishedAt: isoOrNull(run.finishedAt),
    })),
  };
}

/** The ledger entries recorded for this thread, with their journals; leases left out (process state). */
async function readActions(threadId: string): Promise<ActionExport[]> {
  const rows = await db().actionLedger.findMany({
    where: { threadId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { events: { orderBy: { seq: "asc" } } },
  });
  return rows.map(({ userId: _u, threadId: _t, leaseHolder: _h, leaseHeartbeatAt: _b, eventSeq: _s, events, ...a }) => ({
    ...a,
    status: a.status as ActionExport["status"],
    learnedBy: a.learnedBy as ActionExport["learnedBy"],
    sentAt: isoOrNull(a.sentAt),
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
    events: events.map((e) => ({ seq: e.seq, type: e.type, payload: e.payload, actor: e.actor, createdAt: iso(e.createdAt) })),
  }));
}

/**
 * The thread's attachments with their bytes, one at a time from the store they were written to.
 * One whose bytes are gone from the store is left out: its workspace note still names it.
 */
async function readAttachments(threadId: string): Promise<AttachmentExport[]> {
  const rows = await db().attachment.findMany({ where: { threadId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const out: AttachmentExport[] = [];
  for (const row of rows) {
    const bytes = await storeFor(row.storage).get(row.storageKey);
    if (!bytes) continue;
    out.push({
      path: row.path,
      mediaType: row.mediaType,
      size: row.size,
      width: row.width,
      height: row.height,
      pages: row.pages,
      createdAt: iso(row.createdAt),
      bytes: Buffer.from(bytes).toString("base64"),
    });
  }
  return out;
}

/** A workspace's files (deleted ones too: they keep their version numbers) and every version, a page at a time. */
export async function readWorkspaceExport(workspaceId: string): Promise<WorkspaceExport> {
  const files = await db().workspaceFile.findMany({ where: { workspaceId }, orderBy: { path: "asc" } });
  const versions: WorkspaceExport["versions"] = [];
  for (let after: { path: string; version: number } | null = null; ;) {
    const rows: Awaited<ReturnType<typeof versionPage>> = await versionPage(workspaceId, after);
    for (const v of rows) {
      versions.push({
        path: v.path,
        version: v.version,
        content: v.content,
        author: v.author as WorkspaceExport["versions"][number]["author"],
        messageId: v.messageId,
        createdAt: iso(v.createdAt),
      });
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1];
  }
  return {
    id: workspaceId,
    files: files.map((f) => ({
      path: f.path,
      content: f.content,
      size: f.size,
      version: f.version,
      lastAuthor: f.lastAuthor as WorkspaceExport["files"][number]["lastAuthor"],
      updatedAt: iso(f.updatedAt),
      deletedAt: isoOrNull(f.deletedAt),
    })),
    versions,
  };
}

/** Keyset paging on the unique (workspaceId, path, version). */
function versionPage(workspaceId: string, after: { path: string; version: number } | null) {
  return db().fileVersion.findMany({
    where: {
      workspaceId,
      ...(after ? { OR: [{ path: { gt: after.path } }, { path: after.path, version: { gt: after.version } }] } : {}),
    },
    orderBy: [{ path: "asc" }, { version: "asc" }],
    take: PAGE,
  });
}
