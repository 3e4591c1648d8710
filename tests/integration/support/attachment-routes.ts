import type { Db } from "@/lib/db/client";
import { callRoute, type Jar } from "../security/support";
import * as threadsRoute from "@/app/api/threads/route";
import * as uploadRoute from "@/app/api/threads/[id]/attachments/route";
import * as downloadRoute from "@/app/api/threads/[id]/attachments/[name]/route";

/*
 * The attachment routes as a browser calls them (a guest's cookie in `jar`, which the test file
 * wires to next/headers): a new guest's thread, a multipart upload, a download.
 */

export type UploadFile = { name: string; bytes: Uint8Array | string; type?: string };
export type Written = { path: string; mediaType: string; size: number; textPath: string | null };

/** A multipart body framed by the platform's FormData encoder, as a browser's. */
async function multipart(files: UploadFile[]) {
  const form = new FormData();
  for (const f of files)
    form.append("file", new Blob([typeof f.bytes === "string" ? f.bytes : Uint8Array.from(f.bytes)], { type: f.type ?? "" }), f.name);
  const framed = new Response(form);
  return { body: new Uint8Array(await framed.arrayBuffer()), contentType: framed.headers.get("content-type")! };
}

export function attachmentRoutes(jar: Jar, db: () => Db) {
  async function newGuestThread() {
    jar.values.clear();
    const res = await callRoute(threadsRoute, { method: "POST", url: "/api/threads", body: {} });
    const { id } = (await res.json()) as { id: string };
    const row = await db().thread.findUniqueOrThrow({ where: { id } });
    return { id, workspaceId: row.workspaceId, cookies: new Map(jar.values) };
  }

  async function upload(id: string, files: UploadFile[]) {
    const { body, contentType } = await multipart(files);
    return callRoute(uploadRoute, {
      method: "POST",
      url: `/api/threads/${id}/attachments`,
      params: { id },
      headers: { "content-type": contentType },
      body,
    });
  }

  const download = (id: string, name: string, query = "") =>
    callRoute(downloadRoute, {
      method: "GET",
      url: `/api/threads/${id}/attachments/${encodeURIComponent(name)}${query}`,
      params: { id, name },
    });

  return { newGuestThread, upload, download };
}
