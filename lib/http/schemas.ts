import { z } from "zod";
import { MAX_INT32, storableString } from "./safe-text";

export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "must be an id");

const partSchema = z.object({ type: z.literal("text"), text: storableString() }).passthrough();

/** What the browser may send as a new user message: text parts only; ids and roles are ours. */
export const userMessageSchema = z
  .object({
    id: z.string().max(100).optional(),
    role: z.literal("user"),
    parts: z.array(partSchema).min(1, "must have at least one text part").max(20),
  })
  .passthrough();

// One object rather than a union, so a bad field is reported by its own name.
export const chatBodySchema = z
  .object({
    id: idSchema,
    trigger: z.enum(["submit-message", "regenerate-message"]).default("submit-message"),
    message: userMessageSchema.optional(),
    messageId: idSchema.optional(),
    /** Workspace paths of files attached to the new message (as POST .../attachments answered them). */
    attachments: z.array(storableString().min(1).max(300)).max(10).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.trigger === "submit-message" && !body.message) ctx.addIssue({ code: "custom", path: ["message"], message: "is required" });
    if (body.trigger === "regenerate-message" && !body.messageId)
      ctx.addIssue({ code: "custom", path: ["messageId"], message: "is required to regenerate" });
  });

export const createThreadSchema = z
  .object({
    title: storableString().trim().min(1).max(200).optional(),
    // Continue in a new chat: the new thread shares this thread's workspace and action scope.
    workspaceOf: idSchema.optional(),
  })
  .strict();
export const renameThreadSchema = z.object({ title: storableString().trim().min(1, "must not be empty").max(200) }).strict();
/** PATCH /api/threads/:id: a new title, archived or brought back, or both. */
export const updateThreadSchema = z
  .object({ title: renameThreadSchema.shape.title.optional(), archived: z.boolean().optional() })
  .strict()
  .refine((b) => b.title !== undefined || b.archived !== undefined, { message: "needs title or archived" });
/** A thread's model: an id from GET /api/models, or null for the server's default. */
export const threadModelSchema = z.object({ model: storableString().trim().min(1, "must not be empty").max(200).nullable() }).strict();
export const editMessageSchema = z.object({ text: storableString().min(1, "must not be empty") }).strict();

/** POST /api/threads/:id/messages/:messageId/branch: the new chat shares this chat's workspace or gets a copy. */
export const branchSchema = z.object({ workspace: z.enum(["shared", "copy"]) }).strict();

/**
 * A query-string integer from `min` to `max`: plain decimal digits only, so "0x10", " 5", "1e3"
 * and "1.5" are refused rather than coerced into some other number.
 */
export function queryInt(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

// Digits only, then bounded: Number("99999999999999999999") would lose precision, and a value
// past int4 breaks the PostgreSQL query.
const seqCursor = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .refine((v) => Number(v) <= MAX_INT32, message)
    .optional();

/** One page: the newest, or `before` (older), `after` (newer) or `around` a seq: at most one of them. */
export const pageQuerySchema = z
  .object({
    before: seqCursor("must be a cursor from nextCursor"),
    after: seqCursor("must be a cursor from newerCursor, or 0 for the first page"),
    around: seqCursor("must be a message seq"),
    limit: queryInt(1, 200).default(50),
  })
  .superRefine((q, ctx) => {
    const given = (["before", "after", "around"] as const).filter((k) => q[k] !== undefined);
    if (given.length > 1) ctx.addIssue({ code: "custom", path: [given[1]], message: `cannot be combined with "${given[0]}"` });
  });

/** GET /api/threads/:id/export: Markdown to read (the default) or our lossless JSON (lib/export/format.ts). */
export const exportQuerySchema = z.object({ format: z.enum(["md", "json"]).default("md") }).strict();

/** GET /api/threads/:id/attachments/:name: `?download=1` makes even an image or PDF a download. */
export const attachmentQuerySchema = z.object({ download: z.enum(["0", "1"]).optional() }).strict();

/** GET /api/account/export takes no query parameters. */
export const noQuerySchema = z.object({}).strict();
