// A second app instance in miniature: its own process and database pool, accepting a signed job
// at the same moment as another. Usage: accept-job-worker.ts <databaseUrl> <nonce> <timestampS> <startAtEpochMs>
import { openDb, pointDbAt } from "../../support/db-slot";
import { acceptJobOnce } from "@/lib/background/accepted-jobs";

const [url, nonce, timestamp, startAt] = process.argv.slice(2);
const db = openDb(url);
pointDbAt(db);
await db.$queryRawUnsafe("SELECT 1"); // connect before the barrier so both start together
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
console.log(JSON.stringify({ accepted: await acceptJobOnce({ nonce, timestamp: Number(timestamp) }) }));
await db.$disconnect();
process.exit(0);
