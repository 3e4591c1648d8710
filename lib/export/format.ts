import { z } from "zod";
import { ACTION_STATUSES, LEARNED_BY } from "@/lib/actions/types";
import { COMPACTION_RECEIPT_STATUSES } from "@/lib/compaction/receipt-status";
import { COMPACTION_TRIGGERS } from "@/lib/compaction/trigger";
import { MESSAGE_ROLES, MESSAGE_STATUSES } from "@/lib/db/message-columns";
import { MAX_INT32, storableString } from "@/lib/http/safe-text";
import { ROUTINE_RUN_STATUSES, RUN_TRIGGERS } from "@/lib/routines/run-columns";
import { AUTHORS } from "@/lib/workspace/types";

/*
 * Our own export format, version 2: what GET /api/threads/:id/export?format=json and
 * GET /api/account/export write and what POST /api/import reads back. One schema for both
 * directions, so a file we write is a file we accept. Every row keeps its ids and the references
 * between them (a summary's cut and floor, a pin, a file version's message), so an import can
 * remap them to fresh ids; dates are ISO strings, message parts are the stored AI SDK parts.
 *
 * Left out on purpose, model by model (prisma/models.prisma):
 * - AuthUser's secrets: AuthSession (session tokens), AuthAccount (password hash, OAuth tokens),
 *   AuthVerification (reset tokens). The profile carries only name, email, emailVerified, image.
 * - Leases and stop requests (Thread.turn*, compaction*, Routine.run*, ActionLedger.lease*): they
 *   belong to the process that held them, and mean nothing in another install.
 * - ReplyPart: a streaming reply's drafts are folded into the message's parts on export.
 * - ModelCall: the inspector's per-call record (each holds a whole model input): diagnostics of this
 *   install, large, and not needed to continue the thread.
 * - OutboxMessage: the mail as the transport stored it; the ledger entry keeps the frozen request.
 * - ThreadEvent, RateCounter, AcceptedJob, AppSetting: server bookkeeping, no one's content.
 * - Deleted threads: the person deleted them. Other users' rows are never read (every read is by
 *   the caller's own thread ids).
 */

export const EXPORT_FORMAT = "longrun-chat-export";
// Version 2 added each thread's attachments (their bytes); a version 1 file, without them, still imports.
export const EXPORT_VERSION = 2;
export const READABLE_VERSIONS = [1, 2] as const;

// Bounds that keep a hostile file cheap to refuse; far above what a real account holds.
export const MAX_THREADS = 2_000;
const MAX_MESSAGES = 200_000;
const MAX_ROWS = 100_000;

const text = () => storableString();
const id = () => storableString().min(1).max(200);
const date = () => z.iso.datetime({ offset: true });
const count = () => z.number().int().min(0).max(MAX_INT32);
const nullable = <T extends z.ZodType>(t: T) => t.nullable();

const messageSchema = z
  .object({
    id: id(),
    seq: z.number().int().min(1).max(MAX_INT32),
    role: z.enum(MESSAGE_ROLES),
    // The stored AI SDK parts. Saved as JSON text, whose escapes keep any character storable.
    parts: z.array(z.looseObject({ type: storableString().min(1).max(200) })).max(10_000),
    text: text(),
    tokens: count(),
    status: z.enum(MESSAGE_STATUSES),
    error: nullable(text()),
    errorCode: nullable(text().max(100)),
    runStart: z.boolean(),
    createdAt: date(),
    // A row off the thread's shown path (an earlier version: an edit's or a retry's old row) and,
    // for such a row, the message it hangs under (docs/architecture.md, the message tree). Every
    // branch is exported; an export without parentId (before the tree) imports as before.
    deletedAt: nullable(date()),
    parentId: nullable(id()).optional(),
    replacedById: nullable(id()),
    pinnedAt: nullable(date()),
  })
  .strict();

const summarySchema = z
  .object({
    id: id(),
    text: text(),
    cutMessageId: id(),
    floorMessageId: nullable(id()),
    tokens: count(),
    status: z.enum(["active", "superseded"]),
    createdAt: date(),
  })
  .strict();

const compactionSchema = z
  .object({
    id: id(),
    status: z.enum(COMPACTION_RECEIPT_STATUSES),
    reason: nullable(text()),
    trigger: z.enum(COMPACTION_TRIGGERS),
    summaryId: nullable(id()),
    cutMessageId: nullable(id()),
    spanFirstId: nullable(id()),
    spanLastId: nullable(id()),
    tokensBefore: nullable(count()),
    tokensAfter: nullable(count()),
    namesKept: nullable(count()),
    namesRepaired: nullable(text()),
    namesFiled: nullable(count()),
    modelId: nullable(text().max(300)),
    inputTokens: nullable(count()),
    outputTokens: nullable(count()),
    durationMs: nullable(count()),
    startedAt: date(),
    finishedAt: nullable(date()),
  })
  .strict();

const fileSchema = z
  .object({
    // Checked against the workspace's path rules on import (lib/workspace/paths.ts).
    path: text().min(1).max(1_000),
    content: text(),
    size: count(),
    version: z.number().int().min(1).max(MAX_INT32),
    lastAuthor: z.enum(AUTHORS),
    updatedAt: date(),
    deletedAt: nullable(date()),
  })
  .strict();

const versionSchema = z
  .object({
    path: text().min(1).max(1_000),
    version: z.number().int().min(1).max(MAX_INT32),
    // null marks a deletion, as in FileVersion.
    content: nullable(text()),
    author: z.enum(AUTHORS),
    messageId: nullable(id()),
    createdAt: date(),
  })
  .strict();

const workspaceSchema = z
  .object({ id: id(), files: z.array(fileSchema).max(MAX_ROWS), versions: z.array(versionSchema).max(MAX_ROWS) })
  .strict();

const runSchema = z
  .object({
    id: id(),
    scheduledFor: date(),
    trigger: z.enum(RUN_TRIGGERS),
    status: z.enum(ROUTINE_RUN_STATUSES),
    startMessageId: nullable(id()),
    notesMessageId: nullable(id()),
    finalReply: nullable(text()),
    notesUpdated: z.boolean().nullable(),
    error: nullable(text()),
    createdAt: date(),
    startedAt: nullable(date()),
    finishedAt: nullable(date()),
  })
  .strict();

const routineSchema = z
  .object({
    id: id(),
    workspaceId: id(),
    name: text().min(1).max(200),
    instructions: text(),
    cron: text().min(1).max(200),
    timezone: text().min(1).max(100),
    enabled: z.boolean(),
    nextRunAt: nullable(date()),
    createdAt: date(),
    updatedAt: date(),
    deletedAt: nullable(date()),
    runs: z.array(runSchema).max(MAX_ROWS),
  })
  .strict();

const actionEventSchema = z
  .object({ seq: count(), type: text().max(100), payload: text(), actor: text().max(300), createdAt: date() })
  .strict();

// The side-effect ledger, as written: an import keeps it in the file only (lib/export/import-plan.ts).
const actionSchema = z
  .object({
    id: id(),
    scope: text().max(300),
    key: text().max(1_000),
    type: text().max(100),
    provider: text().max(100),
    request: text(),
    requestHash: text().max(200),
    status: z.enum(ACTION_STATUSES),
    attempt: count(),
    sentAttempt: count(),
    sentAt: nullable(date()),
    providerKey: text().max(1_000),
    providerRef: nullable(text()),
    resultId: nullable(text()),
    result: nullable(text()),
    errorCode: nullable(text().max(100)),
    learnedBy: z.enum(LEARNED_BY).nullable(),
    runId: nullable(text().max(300)),
    stepId: nullable(text().max(300)),
    createdAt: date(),
    updatedAt: date(),
    events: z.array(actionEventSchema).max(MAX_ROWS),
  })
  .strict();

// An attachment's row and bytes (lib/attachments). Its workspace file (the text, or the note for an
// image or PDF, and a PDF's Markdown sibling) is among the workspace's files. On import the type,
// size and dimensions are decided again from the bytes, never taken from here.
const attachmentSchema = z
  .object({
    path: text().min(1).max(1_000),
    mediaType: text().max(200),
    size: count(),
    width: nullable(count()),
    height: nullable(count()),
    pages: nullable(count()),
    createdAt: date(),
    // Base64; bounded by MAX_ATTACHMENT_BYTES and MAX_THREAD_ATTACHMENT_BYTES on import.
    bytes: z.base64(),
  })
  .strict();

const threadSchema = z
  .object({
    id: id(),
    workspaceId: id(),
    title: text().min(1).max(200),
    createdAt: date(),
    updatedAt: date(),
    archivedAt: nullable(date()),
    chatModel: nullable(text().max(300)),
    autoTitle: z.boolean(),
    lastSeq: count(),
    messages: z.array(messageSchema).max(MAX_MESSAGES),
    summaries: z.array(summarySchema).max(MAX_ROWS),
    compactions: z.array(compactionSchema).max(MAX_ROWS),
    routine: routineSchema.nullable(),
    actions: z.array(actionSchema).max(MAX_ROWS),
    attachments: z.array(attachmentSchema).max(MAX_ROWS).default([]),
  })
  .strict();

const profileSchema = z
  .object({
    kind: z.enum(["account", "guest"]),
    createdAt: date(),
    name: nullable(text().max(300)),
    email: nullable(text().max(320)),
    emailVerified: z.boolean().nullable(),
    image: nullable(text().max(2_000)),
  })
  .strict();

export const exportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(READABLE_VERSIONS),
    // "thread": one thread and its workspace; "account": every live thread of one person.
    kind: z.enum(["thread", "account"]),
    exportedAt: date(),
    // Only in an account export; an import never changes the importing account's profile.
    profile: profileSchema.optional(),
    // Threads that share a workspace (a continued chat) name the same one, so it is written once.
    workspaces: z.array(workspaceSchema).max(MAX_THREADS * 2),
    threads: z.array(threadSchema).max(MAX_THREADS),
  })
  .strict();

export type ExportDoc = z.infer<typeof exportSchema>;
export type ThreadExport = ExportDoc["threads"][number];
export type MessageExport = ThreadExport["messages"][number];
export type SummaryExport = ThreadExport["summaries"][number];
export type CompactionExport = ThreadExport["compactions"][number];
export type WorkspaceExport = ExportDoc["workspaces"][number];
export type RoutineExport = NonNullable<ThreadExport["routine"]>;
export type ActionExport = ThreadExport["actions"][number];
export type AttachmentExport = ThreadExport["attachments"][number];
export type ProfileExport = NonNullable<ExportDoc["profile"]>;
