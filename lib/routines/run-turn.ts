import { afterTurn } from "@/lib/chat/after-turn";
import { runTurn } from "@/lib/chat/turn";

export type HeadlessTurn = {
  status: "complete" | "stopped" | "error" | "interrupted";
  assistantMessageId: string | null;
  text: string;
  error: string | null;
};

/**
 * THE one place routines run a turn with no browser attached: answer the stored user message
 * `messageId` (a runtime message the caller just appended), wait for the stored reply (nobody reads
 * the stream; the runner stores the reply regardless), then compact like any chat turn would. The
 * run id reaches the tools, so side effects are keyed `run_<id>:<intent>`.
 */
export async function runHeadlessTurn(opts: { userId: string; threadId: string; messageId: string; runId: string }): Promise<HeadlessTurn> {
  const { userId, threadId, messageId, runId } = opts;
  const turn = await runTurn({ userId, threadId, start: { kind: "continue", messageId }, runId });
  void turn.stream.cancel();
  const outcome = await turn.outcome;
  await afterTurn(threadId, Promise.resolve(outcome)).catch((err) => console.error("[routine compaction failed]", err));
  return { status: outcome.status, assistantMessageId: outcome.assistantMessageId, text: outcome.text, error: outcome.error };
}
