// A separate app process that performs one action and is killed mid-way by the test (run with
// LEDGER_CRASH_AT=<point>:wait). Usage: action-worker.ts <databaseUrl> <chat|digest> <userId> <keyOrRunId>
import { openDb, pointDbAt } from "../../../support/db-slot";
import { sendEmailAction } from "@/lib/email/send";
import { sendDigestEmail } from "@/lib/email/digest";

const [url, mode, userId, id] = process.argv.slice(2);
const db = openDb(url);
pointDbAt(db);
const outcome =
  mode === "digest"
    ? await sendDigestEmail({
        userId,
        scope: "routine:r1",
        runId: id,
        threadId: "t1",
        subject: "Nightly digest",
        body: "# Done\n\n- one\n- two",
      })
    : await sendEmailAction({
        userId,
        threadId: "t1",
        scope: "thread:t1",
        key: id,
        runId: null,
        to: "me@example.com",
        subject: "Report",
        body: "**Hello**",
      });
console.log(JSON.stringify(outcome));
await db.$disconnect();
process.exit(0);
