import { z } from "zod";
import { idSchema, queryInt } from "@/lib/http/schemas";
import { storableString } from "@/lib/http/safe-text";

// Request shapes of the actions API (kept apart from lib/http/schemas.ts to ease merging).
export const resolveActionSchema = z.object({ decision: z.enum(["mark_sent", "send_again"]) }).strict();

// A key is matched as stored: NUL has no place in a PostgreSQL text column, so it cannot name one.
export const actionKeySchema = storableString().min(1).max(300);

export const outboxQuerySchema = z.object({
  threadId: idSchema.optional(),
  limit: queryInt(1, 200).default(100),
});
