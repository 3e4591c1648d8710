// A separate app process that makes one MCP call through the ledger and is killed mid-way by the
// test (run with LEDGER_CRASH_AT=<point>:wait and MCP_SERVERS naming the test's server).
// Usage: mcp-action-worker.ts <databaseUrl> <userId> <key> <replayable: 0|1>
import { openDb, pointDbAt } from "../../../support/db-slot";
import { performAction } from "@/lib/actions/perform";
import { mcpCallProvider } from "@/lib/mcp/call-provider";

const [url, userId, key, replayable] = process.argv.slice(2);
const db = openDb(url);
pointDbAt(db);
const request = { server: "web", own: false, tool: "delete_everything", name: "web__delete_everything", arguments: {} };
const outcome = await performAction(
  { scope: "thread:t1", key, type: "mcp_call", userId, threadId: "t1", runId: null, stepId: null, request },
  mcpCallProvider(replayable === "1"),
);
console.log(JSON.stringify(outcome));
await db.$disconnect();
process.exit(0);
