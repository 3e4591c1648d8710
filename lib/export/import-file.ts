import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { importBodyLimit } from "@/lib/http/body-limits.mjs";
import { jsonDepth } from "@/lib/http/json-depth.mjs";
import { readCappedBytes, validateBody } from "@/lib/http/parse-body";
import { EXPORT_FORMAT, EXPORT_VERSION, exportSchema, type ExportDoc } from "./format";

/*
 * POST /api/import's body -> our export document, refused in words before anything is written:
 * 413 `too_large` past MAX_IMPORT_BYTES (counted while reading, whatever Content-Length claims),
 * 400 for a body that is not a form with one `file`, a file that is not UTF-8 JSON, nests deeper
 * than any export does, is not our format or version, or fails the schema (naming the field).
 */

// An export nests about a dozen levels (document, thread, message, part, a tool's input and
// output); a tool's JSON may add some. Deeper is not ours, and is refused before JSON.parse.
const MAX_IMPORT_DEPTH = 64;

/** The uploaded file's bytes (what a duplicate is recognised by) and the document it holds. */
export async function readImportFile(req: Request): Promise<{ bytes: Buffer; doc: ExportDoc }> {
  const max = config().MAX_IMPORT_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > importBodyLimit(max)) throw tooLarge(max);
  const body = await readCappedBytes(req, importBodyLimit(max)).catch((err: unknown) => {
    throw err instanceof AppError && err.code === "too_large" ? tooLarge(max) : err;
  });
  const file = await fileField(req, body);
  if (file.size > max) throw tooLarge(max);
  const bytes = Buffer.from(await file.arrayBuffer());
  return { bytes, doc: parseExport(bytes) };
}

const tooLarge = (max: number) =>
  new AppError("too_large", `The file is larger than the ${Math.floor(max / (1024 * 1024))} MB an import takes (MAX_IMPORT_BYTES).`);

async function fileField(req: Request, body: Buffer): Promise<File> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("invalid_body", "The request is not a readable multipart form.", { field: "file" });
  }
  const files = form.getAll("file");
  if (files.length !== 1 || typeof files[0] === "string") {
    throw new AppError("invalid_body", 'Send exactly one file, in the form field "file".', { field: "file" });
  }
  return files[0];
}

/** Bytes -> a validated export document (pure apart from the error type). */
function parseExport(bytes: Uint8Array): ExportDoc {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_json", "The file is not UTF-8 text, so it is not an export of this app.");
  }
  if (jsonDepth(text) > MAX_IMPORT_DEPTH) {
    throw new AppError("bad_json", `The file nests more than ${MAX_IMPORT_DEPTH} levels deep; an export of this app never does.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("bad_json", "The file is not valid JSON.");
  }
  const head = json !== null && typeof json === "object" ? (json as { format?: unknown; version?: unknown }) : {};
  if (head.format !== EXPORT_FORMAT) {
    throw new AppError("invalid_body", `The file is not an export of this app (its "format" is not "${EXPORT_FORMAT}").`, {
      field: "format",
    });
  }
  if (head.version !== EXPORT_VERSION) {
    throw new AppError("invalid_body", `The file is export version ${String(head.version)}; this server reads version ${EXPORT_VERSION}.`, {
      field: "version",
    });
  }
  return validateBody(exportSchema, json);
}
