import { db } from "@/lib/db/client";
import type { MessagePart } from "@/lib/db/messages";

/*
 * A routine run whose reply stops at a tool call that needs the person's approval (lib/mcp) waits
 * for them: it is recorded as "waiting" (visible on the routine page and in the next run's digest)
 * and does not go on to its end-of-run notes turn, which would leave the call no longer the
 * thread's last reply and so no longer answerable. The person's answer in the routine's thread
 * continues the turn there, and that turn settles the run.
 */

const FINAL_REPLY_CHARS = 4000;

/** Whether this reply ends at a call waiting for the person's approval. */
export async function awaitsApproval(messageId: string): Promise<boolean> {
  const row = await db().message.findUnique({ where: { id: messageId }, select: { parts: true } });
  if (!row) return false;
  return (JSON.parse(row.parts) as MessagePart[]).some((p) => (p as { state?: unknown }).state === "approval-requested");
}

/** The final reply a waiting run records: what the digest shows the next run. */
export function waitingReply(text: string): string {
  return `[Stopped here, waiting for the person to approve a tool call.] ${text}`.slice(0, FINAL_REPLY_CHARS);
}

/** A new run starts after a run still waiting: the old call can no longer be answered (it is not the last reply). */
export async function expireWaitingRuns(routineId: string): Promise<void> {
  await db().routineRun.updateMany({
    where: { routineId, status: "waiting" },
    data: {
      status: "failed",
      error: "no answer to its tool call before the next run started; the call was not run",
      finishedAt: new Date(),
    },
  });
}

/** The turn that answered the approval in the routine's thread ends the waiting run with its reply. */
export async function settleWaitingRuns(threadId: string, outcome: { status: string; text: string; error: string | null }): Promise<void> {
  const done = outcome.status === "complete";
  await db().routineRun.updateMany({
    where: { status: "waiting", routine: { threadId } },
    data: {
      status: done ? "succeeded" : "failed",
      ...(done ? { finalReply: outcome.text.slice(0, FINAL_REPLY_CHARS) } : { error: outcome.error ?? `the turn ended ${outcome.status}` }),
      finishedAt: new Date(),
    },
  });
}
