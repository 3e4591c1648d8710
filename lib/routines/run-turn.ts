import { afterTurn } from "@/lib/chat/after-turn";
import { runTurn } from "@/lib/chat/turn";
import { db } from "@/lib/db/client";

export type HeadlessTurn = {
  status: "complete" | "stopped" | "error" | "interrupted";
  assistantMessageId: string | null;
  text: string;
  error: string | null;
};

/**
 * THE one place routines run a turn with no browser attached: answer the stored user message
 * `messageId` (a runtime message the caller just appended), read the stream to its end, wait
 * for the stored reply, then compact like any chat turn would. When the turn runner returns
 * `{stream, outcome}`, this becomes `await (await runTurn(...)).outcome` plus the compaction call.
 */
export async function runHeadlessTurn(opts: { userId: string; threadId: string; messageId: string; runId: string }): Promise<HeadlessTurn> {
  const { userId, threadId, messageId } = opts;
  const { response, done } = await runTurn({ userId, threadId, start: { kind: "continue", messageId }, signal: new AbortController().signal });
  await response.text();
  const outcome = await done;
  const asked = await db().message.findUniqueOrThrow({ where: { id: messageId }, select: { seq: true } });
  const reply = await db().message.findFirst({
    where: { threadId, role: "assistant", seq: { gt: asked.seq } },
    orderBy: { seq: "desc" },
    select: { id: true, text: true, error: true },
  });
  await afterTurn(threadId, Promise.resolve(outcome)).catch((err) => console.error("[routine compaction failed]", err));
  return { status: outcome.status, assistantMessageId: reply?.id ?? null, text: reply?.text ?? "", error: reply?.error ?? null };
}
