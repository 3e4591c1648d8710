// A second app instance in miniature: its own process and database pool, racing another for the
// same thread's compaction. Usage: compact-worker.ts <databaseUrl> <threadId> <startAtEpochMs>
import { openDb, pointDbAt } from "../../support/db-slot";
import { runCompaction } from "@/lib/compaction/run";
import { summarizeThen, withSummarizer } from "../../support/summarizer";

const [url, threadId, startAt] = process.argv.slice(2);
const db = openDb(url);
pointDbAt(db);
await db.$queryRawUnsafe("SELECT 1"); // connect before the barrier so both start together
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
// Holding the lease a moment longer widens the race window so the loser really meets a held lease.
const hold = summarizeThen(() => new Promise((r) => setTimeout(r, 3000)));
const result = await withSummarizer(hold, () => runCompaction(threadId, "threshold"));
console.log(JSON.stringify(result));
await db.$disconnect();
process.exit(0);
