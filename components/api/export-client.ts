import type { ExportFormat, ImportResponse } from "@/lib/api";
import { ApiError } from "./api-error";

/*
 * Export and import: downloads are plain links (the browser saves the attachment itself, with the
 * server's file name), and an import is the one upload of the API, a multipart form the browser
 * frames itself, so it does not go through the JSON client's request().
 */

export const threadExportUrl = (threadId: string, format: ExportFormat) =>
  `/api/threads/${encodeURIComponent(threadId)}/export?format=${format}`;

export const ACCOUNT_EXPORT_URL = "/api/account/export";

/** Posts one export file; every failure is an ApiError carrying the server's words. */
export async function importExportFile(file: File): Promise<ImportResponse> {
  const form = new FormData();
  form.append("file", file);
  let res: Response;
  try {
    res = await fetch("/api/import", { method: "POST", body: form, cache: "no-store" });
  } catch {
    throw ApiError.unreachable();
  }
  const body = (await res.json().catch(() => null)) as ImportResponse | null;
  if (!res.ok) throw ApiError.fromBody(res.status, res.statusText, body);
  if (body === null) throw new ApiError("The server sent an unreadable answer. Please try again.", res.status, "bad_response");
  return body;
}
