import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError } from "@/lib/errors";

/*
 * POST /api/import's multipart body, spooled to a temporary file as it arrives (busboy), so an
 * export of hundreds of MB never sits in memory: the file's bytes are counted against `maxBytes`
 * (and the whole body against `maxBody`, whatever Content-Length claimed). Past either, the rest
 * of the body is read and thrown away (up to DRAIN_BYTES more) before the 413, so the client
 * gets the answer rather than a reset connection. The caller removes the directory in every path
 * (`dispose`), which the form's refusals here already do for it.
 */

/** How much of a refused body is still read, so the answer reaches the client (as scripts/refusal.mjs). */
const DRAIN_BYTES = 8 * 1024 * 1024;

export type Spooled = { dir: string; file: string; size: number; dispose: () => Promise<void> };

const badForm = (message = 'Send exactly one file, in the form field "file".') => new AppError("invalid_body", message, { field: "file" });

export async function spoolUpload(req: Request, maxBytes: number, maxBody: number, tooLarge: () => AppError): Promise<Spooled> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "longrun-import-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, "upload");
    const size = await receive(req, file, maxBytes, maxBody, tooLarge);
    return { dir, file, size, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function receive(req: Request, target: string, maxBytes: number, maxBody: number, tooLarge: () => AppError): Promise<number> {
  let form: busboy.Busboy;
  try {
    form = busboy({
      headers: { "content-type": req.headers.get("content-type") ?? "" },
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 1024, parts: 21 },
    });
  } catch {
    throw badForm("The request is not a readable multipart form.");
  }
  let over = false;
  let files = 0;
  let size = 0;
  const written: Promise<void>[] = [];
  form.on("file", (name, stream) => {
    files++;
    if (name !== "file" || files > 1) return void stream.resume();
    stream.on("data", (chunk: Buffer) => (size += chunk.length));
    stream.on("limit", () => (over = true));
    written.push(pipeline(stream, createWriteStream(target)));
  });
  form.on("filesLimit", () => files++);
  await pipeline(
    countedBody(req, maxBody, () => (over = true)),
    form,
  ).catch((err: unknown) => {
    if (!over) throw badForm("The request is not a readable multipart form.");
    void err;
  });
  await Promise.all(written).catch(() => {
    if (!over) throw badForm("The request is not a readable multipart form.");
  });
  if (over) throw tooLarge();
  if (files !== 1 || written.length !== 1) throw badForm();
  return size;
}

/** The body as a Node stream; past `maxBody` it is drained (up to DRAIN_BYTES more) and ends there. */
function countedBody(req: Request, maxBody: number, onOver: () => void): Readable {
  const body = req.body;
  return Readable.from(
    (async function* () {
      if (!body) return;
      let seen = 0;
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        seen += chunk.byteLength;
        if (seen <= maxBody) {
          yield chunk;
          continue;
        }
        onOver();
        if (seen > maxBody + DRAIN_BYTES) break;
      }
    })(),
    { objectMode: false },
  );
}
