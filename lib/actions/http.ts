import { z } from "zod";

// Request shapes of the actions API (kept apart from lib/http/schemas.ts to ease merging).
export const resolveActionSchema = z.object({ decision: z.enum(["mark_sent", "send_again"]) }).strict();

export const actionKeySchema = z.string().min(1).max(300);

export const outboxQuerySchema = z.object({
  threadId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "must be an id").optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
