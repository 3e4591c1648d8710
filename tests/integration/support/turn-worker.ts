// An app instance in miniature that runs one headless turn and is then killed mid-reply by the
// test (SIGKILL: no cleanup runs). Usage: turn-worker.ts <databaseUrl> <userId> <threadId> <text>
import { openDb, pointDbAt } from "../../support/db-slot";
import { runTurn } from "@/lib/chat/turn";

const [url, userId, threadId, text] = process.argv.slice(2);
pointDbAt(openDb(url));
const turn = await runTurn({ userId, threadId, start: { kind: "submit", parts: [{ type: "text", text }] } });
console.log(JSON.stringify({ started: turn.assistantMessageId }));
await turn.outcome;
process.exit(0);
