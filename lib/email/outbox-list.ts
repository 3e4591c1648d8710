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

/** Every stored mail, whoever it was for, newest first: the outbox page (lib/email/outbox-page.ts). */
export async function listWholeOutbox(limit: number) {
  const rows = await db().outboxMessage.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
  return rows.map((m) => ({
    id: m.id,
    transport: m.transport,
    to: m.to,
    from: m.from,
    subject: m.subject,
    text: m.text,
    createdAt: m.createdAt,
  }));
}
