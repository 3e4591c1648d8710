import { z } from "zod";

export const idSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "must be an id");

const partSchema = z.object({ type: z.literal("text"), text: z.string() }).passthrough();

/** What the browser may send as a new user message: text parts only; ids and roles are ours. */
export const userMessageSchema = z.object({
  id: z.string().max(100).optional(),
  role: z.literal("user"),
  parts: z.array(partSchema).min(1, "must have at least one text part").max(20),
}).passthrough();

export const chatBodySchema = z.union([
  z.object({ id: idSchema, message: userMessageSchema, trigger: z.literal("submit-message").optional() }),
  z.object({ id: idSchema, trigger: z.literal("regenerate-message"), messageId: idSchema }),
]);

export const createThreadSchema = z.object({ title: z.string().trim().min(1).max(200).optional() }).strict();
export const renameThreadSchema = z.object({ title: z.string().trim().min(1, "must not be empty").max(200) }).strict();
export const editMessageSchema = z.object({ text: z.string().min(1, "must not be empty") }).strict();

export const pageQuerySchema = z.object({
  before: z.string().regex(/^\d+$/, "must be a cursor from nextCursor").optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
