import { z } from "zod";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { fileBodyLimit } from "@/lib/http/body-limits.mjs";
import { MAX_INT32, positiveInt, storableString } from "@/lib/http/safe-text";

/*
 * URL scheme of /api/threads/:id/files/<path...> (the route stays thin; the parsing lives here).
 *
 *   GET    .../files/<path>                 the file              -> { file }
 *   GET    .../files/<path>?version=N       one old version       -> { version }
 *   GET    .../files/<path>/versions        its history           -> { versions }   (?before=N&limit=M)
 *   PUT    .../files/<path>                 { content, baseVersion: number | null } -> { file }
 *   DELETE .../files/<path>[?baseVersion=N] -> 204
 *   POST   .../files/<path>?action=rename   { to, baseVersion? }  -> { file }
 *   POST   .../files/<path>/restore         { version, baseVersion? } -> { file }
 *   POST   .../files/<path>?action=undelete { deletedVersion }    -> { file, restoredVersion }
 *   GET    .../files?deleted=1              deleted files         -> { deleted }
 *
 * The "/versions" (GET) and "/restore" (POST) suffixes are shorthands. Because a workspace may hold
 * a file literally named "versions", `?view=file` (GET) forces the whole path to be the file and
 * `?view=versions` / `?action=restore` are the unambiguous long forms. PUT and DELETE never treat
 * a last segment specially. A lone "versions" or "restore" (no file before it) is always a file.
 */

export type FileRoute =
  | { kind: "file"; path: string }
  | { kind: "version"; path: string; version: number }
  | { kind: "versions"; path: string; before?: number; limit?: number };

export function joinSegments(segments: string[] | undefined): string {
  return (segments ?? []).join("/");
}

function splitSuffix(segments: string[], suffix: string): string | null {
  return segments.length > 1 && segments[segments.length - 1] === suffix ? joinSegments(segments.slice(0, -1)) : null;
}

export function positiveIntParam(name: string, value: string | null): number | undefined {
  if (value === null) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_INT32) {
    throw new AppError("invalid_body", `Invalid query parameter "${name}": must be a positive integer up to ${MAX_INT32}`, { field: name });
  }
  return Number(value);
}

export function resolveGet(segments: string[], query: URLSearchParams): FileRoute {
  const view = query.get("view");
  if (view !== null && view !== "file" && view !== "versions") {
    throw new AppError("invalid_body", `Invalid query parameter "view": must be "file" or "versions"`, { field: "view" });
  }
  const suffixed = view === null ? splitSuffix(segments, "versions") : null;
  if (view === "versions" || suffixed !== null) {
    return {
      kind: "versions",
      path: suffixed ?? joinSegments(segments),
      before: positiveIntParam("before", query.get("before")),
      limit: positiveIntParam("limit", query.get("limit")),
    };
  }
  const version = positiveIntParam("version", query.get("version"));
  return version !== undefined
    ? { kind: "version", path: joinSegments(segments), version }
    : { kind: "file", path: joinSegments(segments) };
}

export type PostRoute = { kind: "rename" | "restore" | "undelete"; path: string };

export function resolvePost(segments: string[], query: URLSearchParams): PostRoute {
  const action = query.get("action");
  if (action === "rename") return { kind: "rename", path: joinSegments(segments) };
  if (action === "restore") return { kind: "restore", path: joinSegments(segments) };
  if (action === "undelete") return { kind: "undelete", path: joinSegments(segments) };
  if (action !== null)
    throw new AppError("invalid_body", `Invalid query parameter "action": must be "rename", "restore" or "undelete"`, { field: "action" });
  const restore = splitSuffix(segments, "restore");
  if (restore !== null) return { kind: "restore", path: restore };
  throw new AppError("invalid_body", 'POST needs "?action=rename" or a "/restore" suffix', { field: "action" });
}

const version = positiveInt();

export const putFileSchema = z
  .object({
    content: storableString(),
    baseVersion: version.nullable().describe("null to create; otherwise the version you last saw"),
  })
  .strict();

export const renameSchema = z.object({ to: storableString().min(1).max(1000), baseVersion: version.optional() }).strict();
/** The deletion the person saw: a file deleted again or re-created since is a 409. */
export const undeleteSchema = z.object({ deletedVersion: version }).strict();
export const restoreSchema = z.object({ version, baseVersion: version.nullable().optional() }).strict();

export const putBodyLimit = () => fileBodyLimit(config().MAX_FILE_BYTES);
export const SMALL_BODY_LIMIT = 4096;
