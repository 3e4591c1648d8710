import type { Db } from "@/lib/db/client";
import { recordRun } from "@/lib/routines/claim";
import { executeRun } from "@/lib/routines/execute";
import { createRoutine } from "@/lib/routines/store";

export async function newRoutine(userId: string, over: Partial<Parameters<typeof createRoutine>[1]> = {}) {
  return createRoutine(userId, {
    name: "Inbox digest",
    instructions: "Go through my inbox notes and send me a digest.",
    cron: "0 9 * * *",
    timezone: "Europe/Berlin",
    ...over,
  });
}

/** One run started by hand and awaited to its end; returns the run row. */
export async function runOnce(db: Db, routineId: string, scheduledFor = new Date()) {
  const started = await recordRun(routineId, scheduledFor, "manual", { whenBusy: "refuse" });
  if (!started) throw new Error("slot already had a run");
  await executeRun(started.runId);
  return db.routineRun.findUniqueOrThrow({ where: { id: started.runId } });
}

export async function messageText(db: Db, id: string | null): Promise<string> {
  if (!id) throw new Error("no message id");
  return (await db.message.findUniqueOrThrow({ where: { id } })).text;
}

/** The assistant reply that answered a message (the next assistant row after it). */
export async function replyTo(db: Db, threadId: string, messageId: string | null): Promise<string> {
  const asked = await db.message.findUniqueOrThrow({ where: { id: messageId ?? "" } });
  const reply = await db.message.findFirst({
    where: { threadId, role: "assistant", deletedAt: null, seq: { gt: asked.seq } },
    orderBy: { seq: "asc" },
  });
  return reply?.text ?? "";
}
