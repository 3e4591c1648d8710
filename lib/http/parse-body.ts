import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { jsonDepth, MAX_JSON_DEPTH } from "./json-depth.mjs";

/**
 * Reads a JSON body with a byte cap and validates it. Errors name the failing field so a script
 * author can fix the request without reading our code.
 */
export async function parseBody<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes: number,
  opts: { optional?: boolean } = {},
): Promise<z.infer<S>> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("too_large", `Request body is larger than ${maxBytes} bytes`);
  const raw = await readCapped(req, maxBytes);
  // Decided by the bytes read, not by Content-Length: a chunked body has no length header.
  if (opts.optional && raw.trim() === "") return validateBody(schema, {});
  if (jsonDepth(raw) > MAX_JSON_DEPTH) {
    throw new AppError("bad_json", `Request body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError("bad_json", "Request body is not valid JSON");
  }
  return validateBody(schema, json);
}

/**
 * Validates an already parsed value: 400 `invalid_body` naming the first failing field, from
 * `at` (where the value sits in a larger document read piece by piece) down.
 */
export function validateBody<S extends z.ZodType>(schema: S, json: unknown, at: PropertyKey[] = []): z.infer<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = [...at, ...issue.path].map(String);
    const field = path.length ? path.join(".") : "(body)";
    throw new AppError("invalid_body", `Invalid field "${field}": ${issue.message}`, { field });
  }
  return parsed.data;
}

/** Reads the body but stops at the cap: a chunked upload without Content-Length is not buffered whole. */
export async function readCapped(req: Request, maxBytes: number): Promise<string> {
  const bytes = await readCappedBytes(req, maxBytes);
  try {
    // Fatal: invalid UTF-8 is refused, never silently turned into U+FFFD.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_json", "Request body is not valid UTF-8");
  }
}

/** The body's bytes, up to `maxBytes` (413 past it, whatever Content-Length said): for a multipart body. */
export async function readCappedBytes(req: Request, maxBytes: number): Promise<Buffer> {
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: on a tee'd body (req.clone()) cancel settles only once both copies are cancelled.
      // The body is refused either way; a cancel that fails only leaves the rest of it unread.
      void reader.cancel().catch((e) => console.warn("[body] over-size request body not cancelled", e));
      throw new AppError("too_large", `Request body is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A multipart body already read (readCappedBytes) -> its form; 400 when it is not one. */
export async function parseMultipart(req: Request, body: Buffer): Promise<FormData> {
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("invalid_body", "The request is not a readable multipart form.", { field: "file" });
  }
}
