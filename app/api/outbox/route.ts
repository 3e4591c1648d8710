import { currentUserId } from "@/lib/auth/session";
import { outboxQuerySchema } from "@/lib/actions/http";
import { listOutbox } from "@/lib/email/outbox-list";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";

/** The local outbox, or with SMTP what was handed to the server: newest first. */
export const GET = handler(async (req) => {
  const userId = await currentUserId();
  const url = new URL(req.url);
  const q = outboxQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!q.success) throw new AppError("invalid_body", `Invalid query "${q.error.issues[0].path.join(".")}": ${q.error.issues[0].message}`);
  return Response.json({ messages: await listOutbox(userId, q.data) });
});
