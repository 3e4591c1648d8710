import type { z } from "zod";
import { AppError } from "@/lib/errors";

/**
 * Reads a JSON body with a byte cap and validates it. Errors name the failing field so a script
 * author can fix the request without reading our code.
 */
export async function parseBody<S extends z.ZodType>(req: Request, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("too_large", `Request body is larger than ${maxBytes} bytes`);
  const raw = await req.text();
  if (Buffer.byteLength(raw) > maxBytes) throw new AppError("too_large", `Request body is larger than ${maxBytes} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError("bad_json", "Request body is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.length ? issue.path.join(".") : "(body)";
    throw new AppError("invalid_body", `Invalid field "${field}": ${issue.message}`, { field });
  }
  return parsed.data;
}
