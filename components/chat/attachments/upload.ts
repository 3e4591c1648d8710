import type { ApiErrorBody, UploadedAttachment } from "@/lib/api";

/*
 * One file to POST /api/threads/:id/attachments. XMLHttpRequest rather than fetch: only it reports
 * upload progress, which a 10 MB file on a slow link needs. The error is the server's own words
 * (a refused type or size), or a plain one when the request never got an answer.
 */

export type UploadResult = { ok: true; attachment: UploadedAttachment } | { ok: false; error: string };

export function uploadAttachment(
  threadId: string,
  file: File,
  onProgress: (fraction: number) => void,
): { done: Promise<UploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve) => {
    xhr.open("POST", `/api/threads/${encodeURIComponent(threadId)}/attachments`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { attachments?: UploadedAttachment[] } & Partial<ApiErrorBody>;
      if (xhr.status === 201 && body?.attachments?.[0]) resolve({ ok: true, attachment: body.attachments[0] });
      else resolve({ ok: false, error: body?.error?.message ?? `The upload failed (HTTP ${xhr.status}).` });
    };
    xhr.onerror = () => resolve({ ok: false, error: "The upload failed: the server could not be reached." });
    xhr.onabort = () => resolve({ ok: false, error: "Upload cancelled." });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** Where an attachment's bytes are served (lib/attachments/read.ts). */
export function attachmentUrl(threadId: string, path: string, opts: { download?: boolean } = {}): string {
  const name = path.startsWith("attachments/") ? path.slice("attachments/".length) : path;
  return `/api/threads/${encodeURIComponent(threadId)}/attachments/${encodeURIComponent(name)}${opts.download ? "?download=1" : ""}`;
}

/** attachments/<name>: where uploads land (a PDF's extracted attachments/<name>.pdf.md is a plain workspace file). */
export const isAttachmentPath = (path: string) => /^attachments\/[^/]+$/.test(path) && !path.endsWith(".pdf.md");
