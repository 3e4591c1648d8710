import { AppError } from "@/lib/errors";
import { normalizePath } from "@/lib/workspace/paths";
import type { ExportDoc, MessageExport, RoutineExport, ThreadExport, WorkspaceExport } from "./format";

/*
 * Pure: an export document -> the rows an import inserts, every one with a fresh id and every
 * reference between them (a summary's cut and floor, a pin's message, an edit's replacement, a
 * compaction's span, a file version's message, a routine run's start and notes) pointed at the new
 * ids. The file is refused (400) when a reference it needs does not resolve, before anything is
 * written. What an import leaves out or changes, and why:
 * - The action ledger stays in the file: its rows describe side effects (mail) the other install
 *   performed; a copy in this ledger could be picked up by the action sweep and sent again.
 * - A routine comes in paused (enabled: false, no next run): an import never starts scheduled
 *   work (and its mail) by itself; the person resumes it. Runs that were queued or running, and
 *   replies and compactions that were in progress, are marked interrupted: no process holds them here.
 * - An attachment keeps its path and bytes; its type, size and dimensions are decided again from
 *   the bytes (lib/export/import-attachments.ts), never taken from the file.
 * - References that may point outside the file (a file version written from a sibling thread of a
 *   shared workspace, a compaction span) become null when they do not resolve.
 */

export type ImportOptions = {
  ownerId: string;
  /** SHA-256 of the file: with each thread's index, what finds a second import of the same file. */
  hash: string;
  newId: () => string;
  /** Whether this server offers a thread's stored model; one it does not is dropped (the default answers). */
  offersModel: (modelId: string) => boolean;
};

const at = (s: string) => new Date(s);
// An attachment's facts before its bytes are read (lib/export/import-attachments.ts fills them in).
const UNMEASURED = { mediaType: "", size: 0, width: null as number | null, height: null as number | null, pages: null as number | null };
const atOrNull = (s: string | null) => (s === null ? null : new Date(s));

const refused = (message: string, field: string) =>
  new AppError("invalid_body", `The file is not a usable export (at ${field}): ${message}`, { field });

export function planImport(doc: ExportDoc, opts: ImportOptions) {
  if (doc.threads.length === 0) throw refused("it holds no chats.", "threads");
  const workspaceIds = new Map<string, string>();
  const workspaces = doc.workspaces.map((w, i) => {
    if (workspaceIds.has(w.id)) throw refused(`workspace ${w.id} is listed twice.`, `workspaces.${i}.id`);
    workspaceIds.set(w.id, opts.newId());
    return { id: workspaceIds.get(w.id)!, userId: opts.ownerId };
  });
  const workspaceOf = (oldId: string, field: string) => {
    const id = workspaceIds.get(oldId);
    if (!id) throw refused(`workspace ${oldId} is not in the file.`, field);
    return id;
  };

  const messageIds = new Map<string, string>();
  const threads = doc.threads.map((t, i) => planThread(t, i, opts, messageIds, workspaceOf(t.workspaceId, `threads.${i}.workspaceId`)));
  const files = doc.workspaces.flatMap((w, i) => planWorkspace(w, i, workspaceIds.get(w.id)!, messageIds));
  const routines = doc.threads.flatMap((t, i) =>
    t.routine
      ? [
          planRoutine(
            t.routine,
            threads[i].thread.id,
            opts,
            messageIds,
            workspaceOf(t.routine.workspaceId, `threads.${i}.routine.workspaceId`),
          ),
        ]
      : [],
  );
  return {
    workspaces,
    threads: threads.map((t) => t.thread),
    messages: threads.flatMap((t) => t.messages),
    summaries: threads.flatMap((t) => t.summaries),
    compactions: threads.flatMap((t) => t.compactions),
    files: files.filter((f) => f.kind === "file").map((f) => f.row),
    versions: files.filter((f) => f.kind === "version").map((f) => f.row),
    routines: routines.map((r) => r.routine),
    runs: routines.flatMap((r) => r.runs),
    attachments: uniqueAttachments(threads.flatMap((t) => t.attachments)),
  };
}

/** Two attachments at one path of one workspace (threads sharing it) would collide on its unique index. */
function uniqueAttachments<T extends { workspaceId: string; path: string; field: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.workspaceId}:${row.path}`;
    if (seen.has(key)) throw refused(`attachment ${row.path} is listed twice in one workspace.`, row.field);
    seen.add(key);
  }
  return rows;
}

export type ImportPlan = ReturnType<typeof planImport>;

function planThread(t: ThreadExport, index: number, opts: ImportOptions, messageIds: Map<string, string>, workspaceId: string) {
  const id = opts.newId();
  const seqs = new Set<number>();
  const local = new Map<string, string>();
  for (const [j, m] of t.messages.entries()) {
    if (local.has(m.id) || messageIds.has(m.id)) throw refused(`message ${m.id} appears twice.`, `threads.${index}.messages.${j}.id`);
    if (seqs.has(m.seq)) throw refused(`two messages share seq ${m.seq}.`, `threads.${index}.messages.${j}.seq`);
    seqs.add(m.seq);
    local.set(m.id, opts.newId());
  }
  for (const [k, v] of local) messageIds.set(k, v);
  const must = (old: string, field: string) => {
    const found = local.get(old);
    if (!found) throw refused(`message ${old} is not in the chat.`, field);
    return found;
  };
  const maybe = (old: string | null) => (old === null ? null : (local.get(old) ?? null));

  const summaryIds = new Map(t.summaries.map((s) => [s.id, opts.newId()]));
  const maxSeq = t.messages.reduce((max, m) => Math.max(max, m.seq), 0);
  return {
    // The bytes stay base64 here: their type and size are decided from them before writing (lib/export/import-attachments.ts).
    attachments: t.attachments.map((a, j) => {
      const field = `threads.${index}.attachments.${j}.path`;
      checkPath(a.path, field);
      return { workspaceId, threadId: id, path: a.path, createdAt: at(a.createdAt), bytes: a.bytes, field, ...UNMEASURED };
    }),
    thread: {
      id,
      userId: opts.ownerId,
      workspaceId,
      title: t.title,
      createdAt: at(t.createdAt),
      updatedAt: at(t.updatedAt),
      archivedAt: atOrNull(t.archivedAt),
      chatModel: t.chatModel !== null && opts.offersModel(t.chatModel) ? t.chatModel : null,
      autoTitle: t.autoTitle,
      lastSeq: Math.max(t.lastSeq, maxSeq),
      importHash: opts.hash,
      importIndex: index,
    },
    messages: t.messages.map((m) => planMessage(m, id, local.get(m.id)!, maybe)),
    summaries: t.summaries.map((s, j) => ({
      id: summaryIds.get(s.id)!,
      threadId: id,
      text: s.text,
      cutMessageId: must(s.cutMessageId, `threads.${index}.summaries.${j}.cutMessageId`),
      floorMessageId: s.floorMessageId === null ? null : must(s.floorMessageId, `threads.${index}.summaries.${j}.floorMessageId`),
      tokens: s.tokens,
      status: s.status,
      createdAt: at(s.createdAt),
    })),
    compactions: t.compactions.map(({ id: _old, ...c }) => ({
      ...c,
      id: opts.newId(),
      threadId: id,
      status: c.status === "running" ? ("interrupted" as const) : c.status,
      summaryId: c.summaryId === null ? null : (summaryIds.get(c.summaryId) ?? null),
      cutMessageId: maybe(c.cutMessageId),
      spanFirstId: maybe(c.spanFirstId),
      spanLastId: maybe(c.spanLastId),
      startedAt: at(c.startedAt),
      finishedAt: atOrNull(c.finishedAt),
    })),
  };
}

function planMessage(m: MessageExport, threadId: string, id: string, maybe: (old: string | null) => string | null) {
  return {
    id,
    threadId,
    seq: m.seq,
    role: m.role,
    parts: JSON.stringify(m.parts),
    text: m.text,
    tokens: m.tokens,
    // A reply that was still streaming when exported has no turn running it here.
    status: m.status === "streaming" ? ("interrupted" as const) : m.status,
    error: m.error,
    errorCode: m.status === "streaming" ? (m.errorCode ?? "interrupted") : m.errorCode,
    runStart: m.runStart,
    createdAt: at(m.createdAt),
    deletedAt: atOrNull(m.deletedAt),
    parentId: maybe(m.parentId ?? null),
    replacedById: maybe(m.replacedById),
    pinnedAt: atOrNull(m.pinnedAt),
  };
}

function planWorkspace(w: WorkspaceExport, index: number, workspaceId: string, messageIds: Map<string, string>) {
  const seen = new Set<string>();
  const files = w.files.map((f, j) => {
    const field = `workspaces.${index}.files.${j}.path`;
    checkPath(f.path, field);
    if (seen.has(f.path)) throw refused(`file ${f.path} is listed twice.`, field);
    seen.add(f.path);
    return { kind: "file" as const, row: { ...f, workspaceId, updatedAt: at(f.updatedAt), deletedAt: atOrNull(f.deletedAt) } };
  });
  const versionKeys = new Set<string>();
  const versions = w.versions.map((v, j) => {
    const field = `workspaces.${index}.versions.${j}`;
    checkPath(v.path, `${field}.path`);
    const key = `${v.version}:${v.path}`;
    if (versionKeys.has(key)) throw refused(`version ${v.version} of ${v.path} is listed twice.`, field);
    versionKeys.add(key);
    return {
      kind: "version" as const,
      row: {
        ...v,
        workspaceId,
        messageId: v.messageId === null ? null : (messageIds.get(v.messageId) ?? null),
        createdAt: at(v.createdAt),
      },
    };
  });
  return [...files, ...versions];
}

/** A workspace path must already be in its canonical form: the store never holds any other. */
function checkPath(path: string, field: string) {
  let canonical: string;
  try {
    canonical = normalizePath(path);
  } catch (err) {
    throw refused(`${err instanceof Error ? err.message : "invalid path"}`, field);
  }
  if (canonical !== path) throw refused(`the path "${path}" is not in its canonical form.`, field);
}

function planRoutine(r: RoutineExport, threadId: string, opts: ImportOptions, messageIds: Map<string, string>, workspaceId: string) {
  const id = opts.newId();
  const maybe = (old: string | null) => (old === null ? null : (messageIds.get(old) ?? null));
  const routine = {
    id,
    userId: opts.ownerId,
    threadId,
    workspaceId,
    name: r.name,
    instructions: r.instructions,
    cron: r.cron,
    timezone: r.timezone,
    enabled: false,
    nextRunAt: null,
    createdAt: at(r.createdAt),
    updatedAt: at(r.updatedAt),
    deletedAt: atOrNull(r.deletedAt),
  };
  const runs = r.runs.map((run) => {
    const open = run.status === "queued" || run.status === "running";
    return {
      ...run,
      id: opts.newId(),
      routineId: id,
      status: open ? ("interrupted" as const) : run.status,
      error: open ? (run.error ?? "This run was in progress when the chat was exported.") : run.error,
      startMessageId: maybe(run.startMessageId),
      notesMessageId: maybe(run.notesMessageId),
      scheduledFor: at(run.scheduledFor),
      createdAt: at(run.createdAt),
      startedAt: atOrNull(run.startedAt),
      finishedAt: atOrNull(run.finishedAt),
    };
  });
  return { routine, runs };
}
