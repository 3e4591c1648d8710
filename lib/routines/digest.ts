import { runDigest, type DigestMessage, type DigestRun } from "@/lib/context";
import { db } from "@/lib/db/client";
import { isNotesUpdateText } from "@/lib/context/run-text";

const DIGEST_RUNS = 3;

/**
 * The digest of the routine's last three runs: each run's own final reply (recorded on the run
 * when it finished) and the person's follow-ups from the thread's transcript, where each run spans
 * from its start message to the next run's. The runtime's end-of-run notes request and the agent's
 * answer to it are bookkeeping, not part of the run's story, so they are left out. "" before the
 * first run.
 */
export async function buildRunDigest(routineId: string, threadId: string): Promise<string> {
  const runs = await db().routineRun.findMany({
    where: { routineId, startMessageId: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DIGEST_RUNS,
    select: { startMessageId: true, notesMessageId: true, finalReply: true },
  });
  if (runs.length === 0) return "";
  const starts = await db().message.findMany({
    where: { threadId, deletedAt: null, id: { in: runs.map((r) => r.startMessageId!) } },
    orderBy: { seq: "asc" },
    select: { seq: true },
  });
  if (starts.length === 0) return "";
  const notesIds = new Set(runs.flatMap((r) => (r.notesMessageId ? [r.notesMessageId] : [])));
  const rows = await db().message.findMany({
    where: { threadId, deletedAt: null, seq: { gte: starts[0]!.seq } },
    orderBy: { seq: "asc" },
    select: { id: true, role: true, text: true, runStart: true },
  });
  const finalReplies = new Map(runs.map((r) => [r.startMessageId!, r.finalReply]));
  return runDigest(splitRuns(rows, notesIds, finalReplies), { runs: DIGEST_RUNS });
}

type Row = { id: string; role: string; text: string; runStart: boolean };

/**
 * Groups the transcript by run start; drops each end-of-run request and the replies to it. Each
 * run's final reply is looked up by its start message's id.
 */
function splitRuns(
  rows: readonly Row[],
  notesRequestIds: ReadonlySet<string>,
  finalReplies: ReadonlyMap<string, string | null>,
): DigestRun[] {
  const runs: { messages: DigestMessage[]; finalReply: string | null }[] = [];
  let skippingNotesReply = false;
  for (const row of rows) {
    if (row.runStart) runs.push({ messages: [], finalReply: finalReplies.get(row.id) ?? null });
    const current = runs[runs.length - 1]?.messages;
    if (!current) continue;
    if (row.role === "user") {
      skippingNotesReply = notesRequestIds.has(row.id) || isNotesUpdateText(row.text);
      if (skippingNotesReply) continue;
    } else if (skippingNotesReply) {
      continue;
    }
    current.push({ role: row.role, text: row.text });
  }
  return runs;
}
