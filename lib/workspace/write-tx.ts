import { db, type Tx } from "@/lib/db/client";
import { config } from "@/lib/config";
import { AppError, notFound } from "@/lib/errors";
import { publishWorkspaceChange } from "@/lib/events/publish";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { conflictError, currentState, fileNotFound } from "./conflicts";
import type { Author, FileMeta } from "./types";

/*
 * The write primitives, each run inside a caller's transaction. Correctness never depends on
 * reading first: every change to an existing row is ONE compare-and-set UPDATE on
 * (workspaceId, path, version, deletedAt), and a brand-new path is an INSERT that the unique
 * index on (workspaceId, path) rejects if another instance got there first. Every change appends
 * its FileVersion in the same transaction, so history and file never disagree.
 */

// SQLite runs one transaction at a time per process; waiting writers must not time out.
export const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 };

export function byteSize(content: string): number {
  return Buffer.byteLength(content, "utf8");
}

export function assertSize(path: string, content: string, max = config().MAX_FILE_BYTES): number {
  const size = byteSize(content);
  if (size > max) {
    throw new AppError("too_large", `"${path}" would be ${size} bytes; a workspace file can be at most ${max} bytes (UTF-8).`, {
      path,
      size,
      maxBytes: max,
    });
  }
  return size;
}

/**
 * Serializes file creation per workspace so the file-count cap holds with concurrent writers: a
 * no-op UPDATE takes the workspace row lock on PostgreSQL (and the write lock on SQLite) until
 * commit. Only creates pay for it; ordinary saves never touch the workspace row.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  const n = await tx.$executeRaw`UPDATE "Workspace" SET "userId" = "userId" WHERE "id" = ${workspaceId}`;
  if (n === 0) throw notFound("Workspace");
}

async function assertRoomForOneMore(tx: Tx, workspaceId: string): Promise<void> {
  const max = config().MAX_FILES_PER_WORKSPACE;
  const live = await tx.workspaceFile.count({ where: { workspaceId, deletedAt: null } });
  if (live >= max) {
    throw new AppError(
      "limit_reached",
      `The workspace already has ${live} files, the most allowed is ${max}. Delete a file before creating another.`,
      { maxFiles: max },
    );
  }
}

export type TxWrite = {
  path: string;
  content: string;
  baseVersion: number | null;
  author: Author;
  messageId?: string | null;
  /** A larger cap than MAX_FILE_BYTES: an attached text file is as large as the attachment cap allows. */
  maxBytes?: number;
};

/** Create (baseVersion null) or compare-and-set update; `path` must already be normalized. */
export async function writeTx(tx: Tx, workspaceId: string, w: TxWrite): Promise<FileMeta> {
  const size = assertSize(w.path, w.content, w.maxBytes);
  const updatedAt = new Date();
  const data = { content: w.content, size, lastAuthor: w.author, updatedAt, deletedAt: null };
  let version: number;

  if (w.baseVersion === null) {
    await lockWorkspace(tx, workspaceId);
    const existing = await currentState(tx, workspaceId, w.path);
    if (existing && !existing.deletedAt) throw conflictError(w.path, existing, null);
    await assertRoomForOneMore(tx, workspaceId);
    if (existing) {
      // Re-creating a deleted file continues its version numbers.
      version = existing.version + 1;
      const { count } = await tx.workspaceFile.updateMany({
        where: { workspaceId, path: w.path, version: existing.version, deletedAt: { not: null } },
        data: { ...data, version },
      });
      if (count === 0) throw conflictError(w.path, await currentState(tx, workspaceId, w.path), null);
    } else {
      version = 1;
      await tx.workspaceFile.create({ data: { workspaceId, path: w.path, ...data, version } });
    }
  } else {
    version = w.baseVersion + 1;
    const { count } = await tx.workspaceFile.updateMany({
      where: { workspaceId, path: w.path, version: w.baseVersion, deletedAt: null },
      data: { ...data, version },
    });
    if (count === 0) throw conflictError(w.path, await currentState(tx, workspaceId, w.path), w.baseVersion);
  }

  await tx.fileVersion.create({
    data: { workspaceId, path: w.path, version, content: w.content, author: w.author, messageId: w.messageId ?? null },
  });
  return { path: w.path, size, version, lastAuthor: w.author, updatedAt };
}

export type TxDelete = { path: string; baseVersion?: number | null; author: Author; messageId?: string | null };

/** Marks the row deleted (keeping it, so versions continue) and records a content-less version. */
export async function deleteTx(tx: Tx, workspaceId: string, d: TxDelete): Promise<{ path: string; version: number }> {
  let base = d.baseVersion ?? null;
  if (base === null) {
    const current = await currentState(tx, workspaceId, d.path);
    if (!current || current.deletedAt) throw fileNotFound(d.path);
    base = current.version;
  }
  const version = base + 1;
  const now = new Date();
  const { count } = await tx.workspaceFile.updateMany({
    where: { workspaceId, path: d.path, version: base, deletedAt: null },
    data: { content: "", size: 0, version, lastAuthor: d.author, updatedAt: now, deletedAt: now },
  });
  if (count === 0) {
    const current = await currentState(tx, workspaceId, d.path);
    if (!current || (current.deletedAt && d.baseVersion == null)) throw fileNotFound(d.path);
    throw conflictError(d.path, current, base);
  }
  await tx.fileVersion.create({
    data: { workspaceId, path: d.path, version, content: null, author: d.author, messageId: d.messageId ?? null },
  });
  return { path: d.path, version };
}

/**
 * Runs a write transaction. An INSERT that lost the race on the unique (workspaceId, path) index
 * aborts the whole transaction (PostgreSQL cannot continue after it), so the conflict is built
 * here, after the rollback, from the row the winner committed.
 */
export async function runWrite<T>(workspaceId: string, racedPath: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    const written = await db().$transaction(fn, TX_OPTIONS);
    const version = (written as { version?: unknown } | null)?.version;
    void publishWorkspaceChange(workspaceId, {
      type: "file.changed",
      path: racedPath,
      version: typeof version === "number" ? version : null,
    });
    return written;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const current = await currentState(db(), workspaceId, racedPath);
    throw conflictError(racedPath, current ?? { version: 0, lastAuthor: "unknown", deletedAt: null }, null);
  }
}
