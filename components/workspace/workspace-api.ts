import type { FileMeta, LoadedFile, VersionContent, VersionMeta } from "./types";

/**
 * An error answer from the files API. `details` keeps the extra fields the server sends (a
 * conflict carries currentVersion, lastAuthor and deleted) so callers can react to them.
 */
export class WorkspaceApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "WorkspaceApiError";
  }
}

/** What a 409 tells about the version that won. */
export type ConflictDetails = { currentVersion: number | null; lastAuthor: "agent" | "person" | null; deleted: boolean };

export function conflictDetails(error: WorkspaceApiError): ConflictDetails {
  const d = error.details;
  return {
    currentVersion: typeof d.currentVersion === "number" ? d.currentVersion : null,
    lastAuthor: d.lastAuthor === "agent" || d.lastAuthor === "person" ? d.lastAuthor : null,
    deleted: d.deleted === true,
  };
}

export const isConflict = (e: unknown): e is WorkspaceApiError => e instanceof WorkspaceApiError && e.code === "conflict";
export const isNotFound = (e: unknown): e is WorkspaceApiError => e instanceof WorkspaceApiError && e.status === 404;

/** A sentence for people, whatever was thrown. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  return "Something went wrong. Please try again.";
}

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      cache: "no-store",
      ...init,
      headers: init?.body ? { "content-type": "application/json" } : undefined,
    });
  } catch {
    throw new WorkspaceApiError("Could not reach the server. Check your connection and try again.", 0, "network");
  }
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as (T & { error?: Record<string, unknown> }) | null;
  if (!res.ok) {
    const { code, message, ...details } = body?.error ?? {};
    throw new WorkspaceApiError(
      typeof message === "string" ? message : `The server answered ${res.status} ${res.statusText}.`,
      res.status,
      typeof code === "string" ? code : "http",
      details,
    );
  }
  if (body === null) throw new WorkspaceApiError("The server sent an unreadable answer. Please try again.", res.status, "bad_response");
  return body;
}

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

/**
 * The path as one URL segment, "/" included (the route joins decoded segments, so "%2F" arrives as
 * "/"). Encoding segment by segment would let the URL parser silently turn "a//b" or "a/../b" into
 * another file; this way the server sees exactly what was typed and explains what is wrong with it.
 * A whole path of "", "." or ".." cannot travel in a URL at all, so it is refused here.
 */
function pathSegment(path: string): string {
  if (path === "") throw new WorkspaceApiError('Path is empty. Give a file path such as "notes.md" or "plans/migration.md".', 400, "invalid_path");
  if (path === "." || path === "..") {
    throw new WorkspaceApiError(`"${path}" names a folder, not a file. Give a file path such as "notes.md".`, 400, "invalid_path");
  }
  return encodeURIComponent(path);
}

/** The files API of one thread's workspace. */
export function workspaceApi(threadId: string) {
  const root = `/api/threads/${encodeURIComponent(threadId)}/files`;
  const fileUrl = (path: string) => `${root}/${pathSegment(path)}`;

  // async throughout, so a refused path rejects like any other error instead of throwing synchronously.
  return {
    list: async () => (await request<{ files: FileMeta[] }>(root)).files,
    // ?view=file: a file literally named ".../versions" must still read as a file.
    read: async (path: string) => (await request<{ file: LoadedFile }>(`${fileUrl(path)}?view=file`)).file,
    readVersion: async (path: string, version: number) =>
      (await request<{ version: VersionContent }>(`${fileUrl(path)}?version=${version}`)).version,
    versions: async (path: string) => (await request<{ versions: VersionMeta[] }>(`${fileUrl(path)}?view=versions`)).versions,
    /** baseVersion null creates the file; otherwise the save applies only on top of that version. */
    save: async (path: string, content: string, baseVersion: number | null) =>
      (await request<{ file: FileMeta }>(fileUrl(path), json("PUT", { content, baseVersion }))).file,
    remove: async (path: string, baseVersion: number) => {
      await request<void>(`${fileUrl(path)}?baseVersion=${baseVersion}`, { method: "DELETE" });
    },
    rename: async (path: string, to: string, baseVersion: number) =>
      (await request<{ file: FileMeta }>(`${fileUrl(path)}?action=rename`, json("POST", { to, baseVersion }))).file,
    restore: async (path: string, version: number, baseVersion: number | null) =>
      (await request<{ file: FileMeta }>(`${fileUrl(path)}?action=restore`, json("POST", { version, baseVersion }))).file,
  };
}

export type WorkspaceApi = ReturnType<typeof workspaceApi>;
