import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { fileNotFound } from "./conflicts";
import { normalizePath } from "./paths";
import type { Author, FileContent, FileMeta, WriteInput } from "./types";
import { deleteTx, lockWorkspace, runWrite, writeTx } from "./write-tx";

/*
 * The workspace files API. Everything is keyed by workspaceId (routine threads share their
 * routine's workspace); callers resolve and authorize the workspace first (see access.ts). Paths
 * are normalized here, so every entry point gets the same rules.
 */

const metaSelect = { path: true, size: true, version: true, lastAuthor: true, updatedAt: true } as const;

type MetaRow = { path: string; size: number; version: number; lastAuthor: string; updatedAt: Date };
const toMeta = (r: MetaRow): FileMeta => ({ ...r, lastAuthor: r.lastAuthor as Author });

/** Live files, sorted by path (code-point order, the same on both databases). */
export async function listFiles(workspaceId: string): Promise<FileMeta[]> {
  const rows = await db().workspaceFile.findMany({ where: { workspaceId, deletedAt: null }, select: metaSelect });
  return rows.map(toMeta).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function readFile(workspaceId: string, rawPath: string): Promise<FileContent> {
  const path = normalizePath(rawPath);
  const row = await db().workspaceFile.findFirst({
    where: { workspaceId, path, deletedAt: null },
    select: { ...metaSelect, content: true },
  });
  if (!row) throw fileNotFound(path);
  return { ...toMeta(row), content: row.content };
}

/** Creates (baseVersion null) or replaces (baseVersion = the version the writer last saw). */
export async function writeFile(workspaceId: string, input: WriteInput): Promise<FileMeta> {
  const path = normalizePath(input.path);
  return runWrite(workspaceId, path, (tx) => writeTx(tx, workspaceId, { ...input, path }));
}

export type DeleteOptions = { baseVersion?: number | null; author?: Author; messageId?: string | null };

/** Deletes a live file; with baseVersion, only if it is still that version. Returns the deletion's version. */
export async function deleteFile(
  workspaceId: string,
  rawPath: string,
  opts: DeleteOptions = {},
): Promise<{ path: string; version: number }> {
  const path = normalizePath(rawPath);
  return runWrite(workspaceId, path, (tx) =>
    deleteTx(tx, workspaceId, { path, baseVersion: opts.baseVersion, author: opts.author ?? "person", messageId: opts.messageId }),
  );
}

/**
 * A person renames a file: the content is written at `to` (a create: conflict if `to` exists) and
 * `from` is deleted, in one transaction. Both histories stay under their own paths.
 */
export async function renameFile(
  workspaceId: string,
  rawFrom: string,
  rawTo: string,
  opts: { baseVersion?: number | null } = {},
): Promise<FileMeta> {
  const from = normalizePath(rawFrom);
  const to = normalizePath(rawTo);
  if (from === to) throw new AppError("invalid_path", `"${from}" already has that name.`, { path: to });
  return runWrite(workspaceId, to, async (tx) => {
    await lockWorkspace(tx, workspaceId); // creates lock the workspace first; keep the same order
    const source = await tx.workspaceFile.findFirst({
      where: { workspaceId, path: from, deletedAt: null },
      select: { content: true, version: true },
    });
    if (!source) throw fileNotFound(from);
    const base = opts.baseVersion ?? source.version;
    // Delete first: the compare-and-set on `from` also guarantees the copied content is current.
    await deleteTx(tx, workspaceId, { path: from, baseVersion: base, author: "person" });
    return writeTx(tx, workspaceId, { path: to, content: source.content, baseVersion: null, author: "person" });
  });
}
