import { db } from "./client";

/** What a model call was for (ModelCall.kind; the migration checked_status_columns holds the same list). */
export type ModelCallKind = "chat" | "summary" | "title";

export type ModelCallRecord = {
  threadId: string;
  messageId?: string | null;
  kind: ModelCallKind;
  modelId: string;
  inputTokens?: number | null;
  cacheReadTokens?: number | null;
  outputTokens?: number | null;
  finishReason?: string | null;
  error?: string | null;
  durationMs: number;
  summaryApplied?: boolean;
  cutMessageId?: string | null;
  summarySkippedReason?: string | null;
  input?: string | null;
};

/**
 * Only the latest request's exact input is kept: the inspector shows that one, and keeping every
 * turn's input would store the conversation again on each turn.
 */
export async function recordModelCall(call: ModelCallRecord): Promise<void> {
  if (!call.input) {
    await db().modelCall.create({ data: call });
    return;
  }
  await db().$transaction(async (tx) => {
    // The newest row with an input is found from the end of the (threadId, kind, createdAt) index,
    // so this stays cheap however many calls the thread has.
    const previous = await tx.modelCall.findFirst({
      where: { threadId: call.threadId, kind: call.kind, input: { not: null } },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (previous) await tx.modelCall.update({ where: { id: previous.id }, data: { input: null } });
    await tx.modelCall.create({ data: call });
  });
}

export function lastModelCall(threadId: string, kind: ModelCallKind = "chat") {
  return db().modelCall.findFirst({ where: { threadId, kind }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
