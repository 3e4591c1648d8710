import { createUIMessageStreamResponse } from "ai";
import { runTurn, type TurnOutcome, type TurnStart } from "@/lib/chat/turn";

export const textStart = (text: string): TurnStart => ({ kind: "submit", parts: [{ type: "text", text }] });

/** Runs a turn and reads its UI message stream to the end as SSE, as a browser would. */
export async function completeTurn(userId: string, threadId: string, start: TurnStart): Promise<{ outcome: TurnOutcome; body: string }> {
  const turn = await runTurn({ userId, threadId, start });
  const body = await createUIMessageStreamResponse({ stream: turn.stream }).text();
  return { outcome: await turn.outcome, body };
}

/** Starts a turn, reads until `deltas` text deltas arrived, then aborts like the Stop button. */
export async function stoppedTurn(userId: string, threadId: string, start: TurnStart, deltas: number) {
  const controller = new AbortController();
  const turn = await runTurn({ userId, threadId, start, signal: controller.signal });
  const reader = turn.stream.getReader();
  let seen = 0;
  while (seen < deltas) {
    const { value, done } = await reader.read();
    if (done) break;
    if (value.type === "text-delta") seen++;
  }
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return { outcome: await turn.outcome, seen };
}
