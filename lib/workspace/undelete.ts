import { db } from "@/lib/db/client";
import { storedValue } from "@/lib/db/stored-value";
import { AppError } from "@/lib/errors";
import { conflictError, currentState, fileNotFound } from "./conflicts";
import { normalizePath } from "./paths";
import { AUTHORS, type Author, type FileMeta } from "./types";
import { lockWorkspace, runWrite, writeTx } from "./write-tx";

/* Deleted files and bringing one back. A deleted file keeps its row (deletedAt set) and its history. */

export type DeletedFile = { path: string; version: number; deletedAt: Date; deletedBy: Author };

const MAX_DELETED_LISTED = 200;

/** Deleted files, most recently deleted first (a re-created path is live again and not listed). */
export async function listDeletedFiles(workspaceId: string): Promise<DeletedFile[]> {
  const rows = await db().workspaceFile.findMany({
    where: { workspaceId, deletedAt: { not: null } },
    orderBy: [{ deletedAt: "desc" }, { path: "asc" }],
    take: MAX_DELETED_LISTED,
    select: { path: true, version: true, deletedAt: true, lastAuthor: true },
  });
  return rows.map((r) => ({
    path: r.path,
    version: r.version,
    deletedAt: r.deletedAt!,
    deletedBy: storedValue(AUTHORS, r.lastAuthor, "WorkspaceFile.lastAuthor"),
  }));
}

/**
 * Brings back the deletion `deletedVersion` of a file: its last content before that deletion becomes
 * the current file again, as a new version by the person (history is never rewritten). One
 * transaction, with the workspace locked first, so what is checked is what is written: a file
 * re-created or deleted again since the person saw that deletion is a 409, and of two restores at
 * once exactly one applies (writeTx's compare-and-set on the deleted row).
 */
export async function undeleteFile(
  workspaceId: string,
  rawPath: string,
  deletedVersion: number,
): Promise<{ file: FileMeta; restoredVersion: number }> {
  const path = normalizePath(rawPath);
  return runWrite(workspaceId, path, async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const current = await currentState(tx, workspaceId, path);
    if (!current) throw fileNotFound(path);
    if (!current.deletedAt) {
      throw new AppError("conflict", `"${path}" is not deleted: it was re-created (version ${current.version}).`, {
        path,
        currentVersion: current.version,
        deleted: false,
      });
    }
    if (current.version !== deletedVersion) throw conflictError(path, current, deletedVersion);
    const last = await tx.fileVersion.findFirst({
      where: { workspaceId, path, version: { lt: deletedVersion }, content: { not: null } },
      orderBy: { version: "desc" },
      select: { version: true, content: true },
    });
    if (!last) throw new AppError("not_found", `"${path}" has no saved content before its deletion to restore.`, { path });
    const file = await writeTx(tx, workspaceId, { path, content: last.content!, baseVersion: null, author: "person" });
    return { file, restoredVersion: last.version };
  });
}
