import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { attachmentsBodyLimit } from "@/lib/http/body-limits.mjs";
import { parseMultipart, readCappedBytes } from "@/lib/http/parse-body";
import type { Upload } from "./types";

/*
 * POST /api/threads/:id/attachments' body -> its files. The size is capped before the body is read
 * whole: a declared Content-Length past the cap is refused at once, and the bytes are counted while
 * reading whatever the header claims (the server in front of Next caps it the same way). One
 * request carries at most MAX_ATTACHMENT_BYTES of files in all and MAX_FILES_PER_UPLOAD files.
 */

export const MAX_FILES_PER_UPLOAD = 10;

const tooLarge = (max: number) =>
  new AppError(
    "too_large",
    `The upload is larger than the ${Math.floor(max / (1024 * 1024))} MB one request takes (MAX_ATTACHMENT_BYTES).`,
    {
      maxBytes: max,
      reason: "request_size",
    },
  );

export async function readUploads(req: Request): Promise<Upload[]> {
  const max = config().MAX_ATTACHMENT_BYTES;
  const limit = attachmentsBodyLimit(max);
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw tooLarge(max);
  const body = await readCappedBytes(req, limit).catch((err: unknown) => {
    throw err instanceof AppError && err.code === "too_large" ? tooLarge(max) : err;
  });
  const form = await parseMultipart(req, body);
  const files = form.getAll("file");
  if (files.length === 0 || files.length > MAX_FILES_PER_UPLOAD || files.some((f) => typeof f === "string")) {
    throw new AppError("invalid_body", `Send 1 to ${MAX_FILES_PER_UPLOAD} files, each in a form field named "file".`, { field: "file" });
  }
  const uploads: Upload[] = [];
  for (const file of files as File[]) uploads.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (uploads.reduce((sum, u) => sum + u.bytes.byteLength, 0) > max) throw tooLarge(max);
  return uploads;
}
