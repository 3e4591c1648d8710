import { db } from "./client";

export type ModelCallRecord = {
  threadId: string;
  messageId?: string | null;
  kind: "chat" | "summary";
  modelId: string;
  inputTokens?: number | null;
  cacheReadTokens?: number | null;
  outputTokens?: number | null;
  finishReason?: string | null;
  error?: string | null;
  durationMs: number;
  windowApplied?: boolean;
  windowCutMessageId?: string | null;
  windowReason?: string | null;
  input?: string | null;
};

export async function recordModelCall(call: ModelCallRecord): Promise<void> {
  await db().modelCall.create({ data: call });
}

export function lastModelCall(threadId: string, kind: "chat" | "summary" = "chat") {
  return db().modelCall.findFirst({ where: { threadId, kind }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
