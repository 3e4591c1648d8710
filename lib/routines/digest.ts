import { runDigest, type DigestMessage, type DigestRun } from "@/lib/context";
import { db } from "@/lib/db/client";
import { isNotesUpdateText } from "./run-text";

const DIGEST_RUNS = 3;

/**
 * The digest of the routine's last three runs, built from the thread's transcript (what the
 * person actually saw and wrote): each run spans from its start message to the next run's. The
 * runtime's end-of-run notes request and the agent's answer to it are bookkeeping, not part of
 * the run's story, so they are left out. "" before the first run.
 */
export async function buildRunDigest(routineId: string, threadId: string): Promise<string> {
  const runs = await db().routineRun.findMany({
    where: { routineId, startMessageId: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DIGEST_RUNS,
    select: { startMessageId: true, notesMessageId: true },
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
  return runDigest(splitRuns(rows, notesIds), { runs: DIGEST_RUNS });
}

type Row = { id: string; role: string; text: string; runStart: boolean };

/** Groups the transcript by run start; drops each end-of-run request and the replies to it. */
export function splitRuns(rows: readonly Row[], notesRequestIds: ReadonlySet<string>): DigestRun[] {
  const runs: DigestMessage[][] = [];
  let skippingNotesReply = false;
  for (const row of rows) {
    if (row.runStart) runs.push([]);
    const current = runs[runs.length - 1];
    if (!current) continue;
    if (row.role === "user") {
      skippingNotesReply = notesRequestIds.has(row.id) || isNotesUpdateText(row.text);
      if (skippingNotesReply) continue;
    } else if (skippingNotesReply) {
      continue;
    }
    current.push({ role: row.role, text: row.text });
  }
  return runs.map((messages) => ({ messages }));
}
