// A second app instance in miniature: its own process and connection pool, ticking the routine
// scheduler. Usage: tick-worker.ts <databaseUrl> <startAtEpochMs> <ticks>
import { openDb, pointDbAt } from "../../../support/db-slot";
import { tick } from "@/lib/routines/scheduler";

const [url, startAt, ticks] = process.argv.slice(2);
const db = openDb(url);
pointDbAt(db);
await db.$queryRawUnsafe("SELECT 1"); // connect before the barrier so both start together
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
const claimed: string[] = [];
for (let i = 0; i < Number(ticks); i++) {
  const { runs, finished } = await tick();
  claimed.push(...runs.map((r) => r.runId));
  await finished;
}
console.log(JSON.stringify({ claimed }));
await db.$disconnect();
process.exit(0);
