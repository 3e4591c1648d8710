import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { importBodyLimit } from "@/lib/http/body-limits.mjs";
import { jsonDepth } from "@/lib/http/json-depth.mjs";
import { parseMultipart, readCappedBytes } from "@/lib/http/parse-body";
import type { ExportDoc } from "./format";
import { detectExport, type ImportSource } from "./import-detect";
import { conversationsFromZip, isZip } from "./unzip";

/*
 * POST /api/import's body -> our export document, refused in words before anything is written:
 * 413 `too_large` past MAX_IMPORT_BYTES (counted while reading, whatever Content-Length claims),
 * 400 for a body that is not a form with one `file`, a file that is not UTF-8 JSON, nests deeper
 * than any export does, is not our format or version, or fails the schema (naming the field).
 * A zip (told by its first bytes) is a ChatGPT export: its conversations.json is read, bounded by
 * MAX_IMPORT_UNZIPPED_BYTES (lib/export/unzip.ts). The JSON is our export, ChatGPT's or Claude's
 * (lib/export/import-detect.ts).
 */

// An export nests about a dozen levels (document, thread, message, part, a tool's input and
// output); a tool's JSON may add some. Deeper is not ours, and is refused before JSON.parse.
const MAX_IMPORT_DEPTH = 64;

/** The JSON's bytes (what a duplicate is recognised by), the document it holds and whose export it was. */
export async function readImportFile(req: Request): Promise<{ bytes: Buffer; doc: ExportDoc; source: ImportSource }> {
  const max = config().MAX_IMPORT_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > importBodyLimit(max)) throw tooLarge(max);
  const body = await readCappedBytes(req, importBodyLimit(max)).catch((err: unknown) => {
    throw err instanceof AppError && err.code === "too_large" ? tooLarge(max) : err;
  });
  const file = await fileField(req, body);
  if (file.size > max) throw tooLarge(max);
  const upload = Buffer.from(await file.arrayBuffer());
  // The JSON read, not the upload, is what a duplicate is recognised by: the same ChatGPT export
  // sent as its zip and then as conversations.json alone is one import.
  const bytes = isZip(upload) ? await conversationsFromZip(upload, config().MAX_IMPORT_UNZIPPED_BYTES) : upload;
  return { bytes, ...detectExport(parseJson(bytes), new Date()) };
}

const tooLarge = (max: number) =>
  new AppError("too_large", `The file is larger than the ${Math.floor(max / (1024 * 1024))} MB an import takes (MAX_IMPORT_BYTES).`);

async function fileField(req: Request, body: Buffer): Promise<File> {
  const form = await parseMultipart(req, body);
  const files = form.getAll("file");
  if (files.length !== 1 || typeof files[0] === "string") {
    throw new AppError("invalid_body", 'Send exactly one file, in the form field "file".', { field: "file" });
  }
  return files[0];
}

/** Bytes -> parsed JSON, refused in words when it is not UTF-8, nests too deep or does not parse. */
function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_json", "The file is not UTF-8 text, so it is not an export this app reads.");
  }
  if (jsonDepth(text) > MAX_IMPORT_DEPTH) {
    throw new AppError("bad_json", `The file nests more than ${MAX_IMPORT_DEPTH} levels deep; no export this app reads does.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_json", "The file is not valid JSON.");
  }
}
