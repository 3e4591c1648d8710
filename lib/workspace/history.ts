import { db } from "@/lib/db/client";
import { storedValue } from "@/lib/db/stored-value";
import { AppError, notFound } from "@/lib/errors";
import { currentState, fileNotFound } from "./conflicts";
import { normalizePath } from "./paths";
import { AUTHORS, type FileMeta, type VersionContent, type VersionMeta } from "./types";
import { runWrite, writeTx } from "./write-tx";

/* A file's history: every save and deletion is a FileVersion row, newest first. */

const versionSelect = { path: true, version: true, author: true, messageId: true, createdAt: true } as const;

type VersionRow = { path: string; version: number; author: string; messageId: string | null; createdAt: Date };

export const MAX_VERSIONS_PAGE = 200;

/**
 * Newest first, up to `limit`; `before` pages to older versions. Unknown paths are a 404 (a path
 * whose file was deleted still has its history).
 */
export async function listVersions(
  workspaceId: string,
  rawPath: string,
  opts: { limit?: number; before?: number } = {},
): Promise<VersionMeta[]> {
  const path = normalizePath(rawPath);
  const limit = Math.max(1, Math.min(MAX_VERSIONS_PAGE, opts.limit ?? 100));
  const rows = await db().fileVersion.findMany({
    where: { workspaceId, path, ...(opts.before !== undefined ? { version: { lt: opts.before } } : {}) },
    orderBy: { version: "desc" },
    take: limit,
    select: versionSelect, // never the content: a page of history must stay small
  });
  if (rows.length === 0) {
    if (opts.before === undefined) throw fileNotFound(path);
    return [];
  }
  const deletions = await db().fileVersion.findMany({
    where: { workspaceId, path, content: null, version: { gte: rows[rows.length - 1].version, lte: rows[0].version } },
    select: { version: true },
  });
  const deleted = new Set(deletions.map((d) => d.version));
  return rows.map((r) => toMeta(r, deleted.has(r.version)));
}

export async function readVersion(workspaceId: string, rawPath: string, version: number): Promise<VersionContent> {
  const path = normalizePath(rawPath);
  const row = await db().fileVersion.findUnique({
    where: { workspaceId_path_version: { workspaceId, path, version } },
    select: { ...versionSelect, content: true },
  });
  if (!row) throw notFound(`Version ${version} of "${path}"`);
  return { ...toMeta(row, row.content === null), content: row.content };
}

/**
 * The person brings back an old version: its content becomes a new version (history is never
 * rewritten). baseVersion guards against restoring over a change the person has not seen; without
 * it the restore applies to whatever is current (a deleted file is re-created).
 */
export async function restoreVersion(
  workspaceId: string,
  rawPath: string,
  version: number,
  opts: { baseVersion?: number | null } = {},
): Promise<FileMeta> {
  const path = normalizePath(rawPath);
  return runWrite(workspaceId, path, async (tx) => {
    const old = await tx.fileVersion.findUnique({
      where: { workspaceId_path_version: { workspaceId, path, version } },
      select: { content: true },
    });
    if (!old) throw notFound(`Version ${version} of "${path}"`);
    if (old.content === null) {
      throw new AppError("invalid_body", `Version ${version} of "${path}" records a deletion; it has no content to restore.`, {
        path,
        version,
      });
    }
    let base = opts.baseVersion;
    if (base === undefined) {
      const current = await currentState(tx, workspaceId, path);
      base = current && !current.deletedAt ? current.version : null;
    }
    return writeTx(tx, workspaceId, { path, content: old.content, baseVersion: base, author: "person" });
  });
}

function toMeta(r: VersionRow, deleted: boolean): VersionMeta {
  return {
    path: r.path,
    version: r.version,
    author: storedValue(AUTHORS, r.author, "FileVersion.author"),
    messageId: r.messageId,
    createdAt: r.createdAt,
    deleted,
  };
}
