import { currentUserId } from "@/lib/auth/session";
import { outboxQuerySchema } from "@/lib/actions/http";
import { listOutbox } from "@/lib/email/outbox-list";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";

/** The local outbox, or with SMTP what was handed to the server: newest first. */
export const GET = handler(async (req) => {
  const userId = await currentUserId();
  return Response.json({ messages: await listOutbox(userId, parseQuery(req, outboxQuerySchema)) });
});
