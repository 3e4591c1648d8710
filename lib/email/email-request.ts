import { z } from "zod";

export const MAX_SUBJECT_CHARS = 200;
export const MAX_BODY_CHARS = 50_000;

/** The frozen request of an email action, as stored in the ledger. */
export const emailRequestSchema = z.object({
  from: z.string().min(1),
  to: z.email(),
  subject: z.string().trim().min(1).max(MAX_SUBJECT_CHARS),
  body: z.string().max(MAX_BODY_CHARS),
});

export type EmailRequest = z.infer<typeof emailRequestSchema>;
