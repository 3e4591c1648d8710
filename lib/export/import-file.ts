import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { importBodyLimit } from "@/lib/http/body-limits.mjs";
import { measureAttachments } from "./import-attachments";
import { detectExport, type ImportSource } from "./import-detect";
import { planImport, type ImportOptions } from "./import-plan";
import { spoolUpload } from "./import-upload";
import { streamJson } from "./json-stream";
import { peerPlanner } from "./peer-plan";
import { PlanSpool } from "./plan-spool";
import { conversationsFromZip, isZip } from "./unzip";

/*
 * POST /api/import's body -> the plan of what the import writes (lib/export/import-plan.ts) and the
 * hash a duplicate is recognised by, refused in words before anything is written: 413 `too_large`
 * past MAX_IMPORT_BYTES (counted while receiving, whatever Content-Length claims), 400 for a body
 * that is not a form with one `file`, a file that is not UTF-8 JSON, nests deeper than any export
 * does, is not our format or version, or fails the schema (naming the field).
 *
 * Nothing is held whole: the upload is spooled to a temporary file (import-upload.ts), a zip (told
 * by its first bytes) is a ChatGPT export whose conversations.json is inflated from that file as a
 * stream, bounded by MAX_IMPORT_UNZIPPED_BYTES (unzip.ts), and the JSON is parsed as it streams
 * (json-stream.ts): a peer's conversations are validated and planned one at a time (peer-plan.ts),
 * their rows spooled to disk (plan-spool.ts), so memory holds one conversation, not the file. Our own export is parsed whole, up to
 * MAX_IMPORT_WHOLE_JSON_BYTES, because its threads and workspaces refer to each other. The
 * temporary file is removed in every path.
 */

// An export nests about a dozen levels (document, thread, message, part, a tool's input and
// output); a tool's JSON may add some. Deeper is not ours, and is refused as it is read.
const MAX_IMPORT_DEPTH = 64;

export type ReadImport = { hash: string; spool: PlanSpool; source: ImportSource };

/** Reads and plans the upload, then runs `use` on the plan; the temporary files are removed in every path. */
export async function withImportFile<T>(
  req: Request,
  opts: Omit<ImportOptions, "hash">,
  importing: (read: ReadImport) => Promise<T>,
): Promise<T> {
  const settings = config();
  const max = settings.MAX_IMPORT_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > importBodyLimit(max)) throw tooLarge(max);
  const upload = await spoolUpload(req, max, importBodyLimit(max), () => tooLarge(max));
  const spool = new PlanSpool(upload.dir);
  try {
    // The JSON read, not the upload, is what a duplicate is recognised by: the same ChatGPT export
    // sent as its zip and then as conversations.json alone is one import.
    const json = isZip(await head(upload.file))
      ? conversationsFromZip(upload.file, settings.MAX_IMPORT_UNZIPPED_BYTES)
      : (createReadStream(upload.file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>);
    return await importing(await planJson(json, opts, settings.MAX_IMPORT_WHOLE_JSON_BYTES, spool));
  } finally {
    spool.close();
    await upload.dispose();
  }
}

async function planJson(
  json: AsyncIterable<Uint8Array>,
  opts: Omit<ImportOptions, "hash">,
  maxWholeBytes: number,
  spool: PlanSpool,
): Promise<ReadImport> {
  const now = new Date();
  const peers = peerPlanner(opts, now, spool);
  const top = await streamJson(json, { maxDepth: MAX_IMPORT_DEPTH, maxWholeBytes, onElement: peers.add });
  if (top.kind === "array") return { hash: top.hash, spool, source: peers.finish(top.length) };
  const { source, doc } = detectExport(top.kind === "object" ? top.value : null, now);
  const plan = planImport(doc, { ...opts, hash: top.hash });
  const { MAX_ATTACHMENT_BYTES: maxFile, MAX_THREAD_ATTACHMENT_BYTES: maxThread } = config();
  plan.attachments = await measureAttachments(plan.attachments, { maxFile, maxThread });
  spool.add(plan);
  return { hash: top.hash, spool, source };
}

async function head(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const tooLarge = (max: number) =>
  new AppError("too_large", `The file is larger than the ${Math.floor(max / (1024 * 1024))} MB an import takes (MAX_IMPORT_BYTES).`);
