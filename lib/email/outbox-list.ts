import { db } from "@/lib/db/client";

/** The person's outbox, newest first; one thread's messages when `threadId` is given. */
export async function listOutbox(userId: string, opts: { threadId?: string; limit: number }) {
  const rows = await db().outboxMessage.findMany({
    where: { userId, ...(opts.threadId ? { threadId: opts.threadId } : {}) },
    orderBy: { createdAt: "desc" },
    take: opts.limit,
  });
  return rows.map((m) => ({
    messageId: m.messageId,
    transport: m.transport,
    threadId: m.threadId,
    to: m.to,
    from: m.from,
    subject: m.subject,
    key: m.actionKey,
    text: m.text,
    createdAt: m.createdAt,
  }));
}
