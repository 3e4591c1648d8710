import type { z } from "zod";
import { AppError } from "@/lib/errors";

/** Validates a request's query string; a 400 names the failing parameter, like parseBody does for fields. */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join(".");
    throw new AppError("invalid_body", `Invalid query parameter "${field}": ${issue.message}`, { field });
  }
  return parsed.data;
}
