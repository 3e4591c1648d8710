// Another app instance running the sweeper, released at a shared instant so several race.
// Usage: sweep-worker.ts <databaseUrl> <startAtEpochMs> <sweepNowEpochMs>
import { openDb, pointDbAt } from "../../../support/db-slot";
import { sweepActions } from "@/lib/actions/sweep";
import { providerByName } from "@/lib/email/providers";

const [url, startAt, nowMs] = process.argv.slice(2);
const db = openDb(url);
pointDbAt(db);
await db.$queryRawUnsafe("SELECT 1"); // connect before the barrier
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
const report = await sweepActions({ now: new Date(Number(nowMs)), providerFor: providerByName });
console.log(JSON.stringify(report));
await db.$disconnect();
process.exit(0);
