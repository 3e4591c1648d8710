import { AppError, notFound } from "@/lib/errors";
import type { Tx } from "@/lib/db/client";
import type { Author } from "./types";

/** The current row as the version check sees it; null when the path never existed. */
export type CurrentState = { version: number; lastAuthor: string; deletedAt: Date | null } | null;

export const currentSelect = { version: true, lastAuthor: true, deletedAt: true } as const;

export const fileNotFound = (path: string) => notFound(`File "${path}"`);

/**
 * Why a write based on `expected` (null = create) cannot apply to `current`. Details always carry
 * currentVersion and lastAuthor so a client (or the agent) can re-read and decide.
 */
export function conflictError(path: string, current: CurrentState, expected: number | null): AppError {
  if (!current) {
    // A versioned write to a path that never existed: nothing to be in conflict with.
    return fileNotFound(path);
  }
  const by = `version ${current.version} by ${current.lastAuthor as Author}`;
  const details = {
    path,
    currentVersion: current.version,
    lastAuthor: current.lastAuthor,
    deleted: current.deletedAt !== null,
    baseVersion: expected,
  };
  if (expected === null) {
    const message = current.deletedAt
      ? `"${path}" was re-created by someone else at the same moment (now ${by}).`
      : `"${path}" already exists (${by}). Read it and write with its version to replace it.`;
    return new AppError("conflict", message, details);
  }
  if (current.deletedAt) return new AppError("conflict", `"${path}" was deleted since version ${expected} (deletion is ${by}).`, details);
  return new AppError("conflict", `"${path}" changed since version ${expected}: it is now ${by}.`, details);
}

export async function currentState(tx: Pick<Tx, "workspaceFile">, workspaceId: string, path: string): Promise<CurrentState> {
  return tx.workspaceFile.findUnique({ where: { workspaceId_path: { workspaceId, path } }, select: currentSelect });
}
