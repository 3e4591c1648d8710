import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { TSX_WORKER } from "../support/tsx-worker";
import { runWorkerAndKill } from "./support/kill-worker";
import { later } from "./support/ledger-fixtures";
import { resetConfigForTests } from "@/tests/support/config";
import { startHttpMcpServer, type HttpMcpServer } from "@/tests/support/mcp-test-server";
import { sweepActions } from "@/lib/actions/sweep";
import { actionProviderByName } from "@/lib/sweep/action-providers";

/**
 * An MCP call's process is killed with SIGKILL after the tool's server answered and before the
 * answer was recorded (issue 38 item 6): the server saw the call once; the row goes to unknown, and
 * then to a person, never called again; the same request again (a retry) does not call again
 * either. A trusted idempotent tool's call is replayed by the sweeper instead.
 */
const runAndKill = (url: string, args: string[], env: Record<string, string>) =>
  runWorkerAndKill("tests/integration/actions/support/mcp-action-worker.ts", [url, ...args], "after_provider_ack", env);

describe.each(testDatabases())("MCP calls across a killed process on $name", (target) => {
  let env: Provisioned;
  let web: HttpMcpServer;
  let userId: string;
  const saved = { ...process.env };
  const deletes = () => web.calls.filter((c) => c === "delete_everything").length;
  const row = (key: string) => env.db.actionLedger.findUniqueOrThrow({ where: { scope_key: { scope: "thread:t1", key } } });

  beforeAll(async () => {
    env = await provision(target);
    web = await startHttpMcpServer();
    userId = (await env.db.user.create({ data: {} })).id;
    process.env.MCP_SERVERS = JSON.stringify({ web: { url: web.url, trusted: true } });
    resetConfigForTests();
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await web?.close();
    await env?.drop();
  });

  it("killed after the server answered: one call on the server, then a person decides; a retry calls nothing", async () => {
    const mcpEnv = { MCP_SERVERS: process.env.MCP_SERVERS! };
    await runAndKill(env.url, [userId, "mcp-k1", "0"], mcpEnv);
    expect(deletes()).toBe(1);
    expect(await row("mcp-k1")).toMatchObject({ status: "started", sentAttempt: 1, provider: "mcp" });
    await sweepActions({ now: later(), providerFor: actionProviderByName });
    expect(await row("mcp-k1")).toMatchObject({ status: "needs_human" });
    // The same intent again, as a retried turn would ask: answered from the ledger, not called.
    const retry = await promisify(execFile)(
      process.execPath,
      [...TSX_WORKER, "tests/integration/actions/support/mcp-action-worker.ts", env.url, userId, "mcp-k1", "0"],
      { env: { ...process.env, ...mcpEnv, LEDGER_CRASH_AT: "" } },
    );
    expect(JSON.parse(retry.stdout.trim().split("\n").pop()!)).toMatchObject({ state: "needs_human", key: "mcp-k1" });
    expect(deletes()).toBe(1);
  });

  it("a trusted idempotent tool's call killed the same way is replayed by the sweeper", async () => {
    const before = deletes();
    await runAndKill(env.url, [userId, "mcp-k2", "1"], { MCP_SERVERS: process.env.MCP_SERVERS! });
    expect(deletes()).toBe(before + 1);
    const report = await sweepActions({ now: later(), providerFor: actionProviderByName });
    expect(report.reconciled).toContainEqual({ key: "mcp-k2", plan: "replay", outcome: "sent" });
    expect(await row("mcp-k2")).toMatchObject({ status: "succeeded", learnedBy: "provider_replay", provider: "mcp-idempotent" });
    expect(deletes()).toBe(before + 2);
  });
});
