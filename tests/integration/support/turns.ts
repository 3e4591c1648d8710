import { runTurn, type TurnOutcome, type TurnStart } from "@/lib/chat/turn";

export const textStart = (text: string): TurnStart => ({ kind: "submit", parts: [{ type: "text", text }] });

/** Runs a turn and reads its UI message stream to the end, as a browser would. */
export async function completeTurn(userId: string, threadId: string, start: TurnStart): Promise<{ outcome: TurnOutcome; body: string }> {
  const { response, done } = await runTurn({ userId, threadId, start, signal: new AbortController().signal });
  const body = await response.text();
  return { outcome: await done, body };
}

/** Starts a turn, reads until `deltas` text deltas arrived, then aborts like the Stop button. */
export async function stoppedTurn(userId: string, threadId: string, start: TurnStart, deltas: number) {
  const controller = new AbortController();
  const { response, done } = await runTurn({ userId, threadId, start, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  while (seen.split('"type":"text-delta"').length - 1 < deltas) {
    const { value, done: end } = await reader.read();
    if (end) break;
    seen += decoder.decode(value);
  }
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return { outcome: await done, seen };
}
