import { countTokens } from "@/lib/ai/tokens";
import { countMessageTokens } from "@/lib/context";
import { activeTurn } from "@/lib/chat/turn-lease";
import { db } from "@/lib/db/client";
import { publishThreadChange } from "@/lib/events/publish";
import { appendMessage } from "@/lib/db/messages";
import { holdRun, releaseRunLease } from "./claim";
import { deliverRunResult } from "./deliver";
import { buildRunDigest } from "./digest";
import { agentWroteNotes, readNotes } from "./notes";
import { notesUpdateText, runStartText } from "@/lib/context/run-text";
import { runHeadlessTurn } from "./run-turn";
import { awaitsApproval, expireWaitingRuns, waitingReply } from "./waiting";

const FINAL_REPLY_CHARS = 4000;

/** A runtime message in the routine's thread (the person sees it; the model reads it as the user). */
async function appendRuntimeMessage(threadId: string, text: string, runStart: boolean) {
  const parts = [{ type: "text", text }];
  return appendMessage(threadId, { role: "user", parts, text, tokens: countMessageTokens(parts, countTokens), runStart });
}

/**
 * Runs one claimed run to its end: the run-start message (instructions, digest of the last three
 * runs, current notes; it moves the floor, so summaries of earlier runs expire), the agent's turn,
 * then the end-of-run request to update routine/notes.md, and the record of whether it did.
 * Only the caller that moves the run from queued to running executes it.
 */
const IDLE_WAIT_MS = 60_000;

async function threadIdle(threadId: string): Promise<boolean> {
  const until = Date.now() + IDLE_WAIT_MS;
  while (await activeTurn(threadId)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return true;
}

export async function executeRun(runId: string): Promise<void> {
  const startedAt = new Date();
  const { count } = await db().routineRun.updateMany({ where: { id: runId, status: "queued" }, data: { status: "running", startedAt } });
  if (count !== 1) return;
  const run = await db().routineRun.findUniqueOrThrow({
    where: { id: runId },
    select: {
      scheduledFor: true,
      trigger: true,
      routine: { select: { id: true, userId: true, threadId: true, workspaceId: true, name: true, instructions: true } },
    },
  });
  const r = run.routine;
  void publishThreadChange(r.threadId, { type: "run.changed", runId });
  const stopHeartbeat = holdRun(runId);
  try {
    // A person may be mid-reply in the routine's thread: the run waits for that turn (one turn at
    // a time per thread) rather than failing on it, and gives up as skipped, leaving no message.
    if (!(await threadIdle(r.threadId))) {
      await db().routineRun.update({
        where: { id: runId },
        data: { status: "skipped", error: "a reply was still being written in the routine's thread", finishedAt: new Date() },
      });
      return;
    }
    await expireWaitingRuns(r.id);
    const notes = await readNotes(r.workspaceId);
    const digest = await buildRunDigest(r.id, r.threadId);
    const trigger = run.trigger as "scheduled" | "catch_up" | "manual";
    const start = await appendRuntimeMessage(
      r.threadId,
      runStartText({
        name: r.name,
        instructions: r.instructions,
        scheduledFor: run.scheduledFor,
        trigger,
        digest,
        notes: notes?.content ?? null,
      }),
      true,
    );
    await db().routineRun.update({ where: { id: runId }, data: { startMessageId: start.id } });

    const main = await runHeadlessTurn({ userId: r.userId, threadId: r.threadId, messageId: start.id, runId });
    if (main.status !== "complete") throw new Error(main.error ?? `the agent's turn ended ${main.status}`);
    if (main.assistantMessageId && (await awaitsApproval(main.assistantMessageId))) {
      const notesUpdated = await agentWroteNotes(r.workspaceId, startedAt);
      await db().routineRun.update({
        where: { id: runId },
        data: { status: "waiting", finalReply: waitingReply(main.text), notesUpdated },
      });
      return;
    }

    const current = await readNotes(r.workspaceId);
    const ask = await appendRuntimeMessage(r.threadId, notesUpdateText(current?.content ?? null), false);
    await db().routineRun.update({ where: { id: runId }, data: { notesMessageId: ask.id } });
    await runHeadlessTurn({ userId: r.userId, threadId: r.threadId, messageId: ask.id, runId });

    const finalReply = main.text.slice(0, FINAL_REPLY_CHARS);
    const notesUpdated = await agentWroteNotes(r.workspaceId, startedAt);
    await db().routineRun.update({ where: { id: runId }, data: { status: "succeeded", finalReply, notesUpdated, finishedAt: new Date() } });
    await deliverRunResult({
      runId,
      routineId: r.id,
      routineName: r.name,
      instructions: r.instructions,
      userId: r.userId,
      threadId: r.threadId,
      finalReply,
    });
  } catch (err) {
    console.error("[routine run failed]", runId, err);
    // Unknown (null) rather than a second failure: the run's own failure is what gets recorded.
    const notesUpdated = await agentWroteNotes(r.workspaceId, startedAt).catch((e) => {
      console.error("[routine notes not checked]", runId, e);
      return null;
    });
    await db()
      .routineRun.update({
        where: { id: runId },
        data: { status: "failed", error: describe(err), notesUpdated, finishedAt: new Date() },
      })
      .catch((e) => console.error("[routine run not recorded]", e));
  } finally {
    stopHeartbeat();
    await releaseRunLease(r.id, runId).catch((err) => console.error("[routine lease not released]", err));
    void publishThreadChange(r.threadId, { type: "run.changed", runId });
  }
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 500) || "the run failed";
}
