// An app instance in miniature that starts one routine run (as Run now does) and is then killed
// mid-run by the test (SIGKILL: no cleanup runs). Usage: routine-run-worker.ts <databaseUrl> <routineId>
import { openDb, pointDbAt } from "../../support/db-slot";
import { recordRun } from "@/lib/routines/claim";
import { executeRun } from "@/lib/routines/execute";

const [url, routineId] = process.argv.slice(2);
pointDbAt(openDb(url));
const run = await recordRun(routineId, new Date(), "manual", { whenBusy: "refuse" });
console.log(JSON.stringify({ runId: run?.runId }));
await executeRun(run!.runId);
process.exit(0);
