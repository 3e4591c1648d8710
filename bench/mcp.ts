// What an MCP tool call costs us. (1) A turn that calls a trusted read-only tool against the same
// turn without the call: what the call adds to a turn, next to the same call made directly with
// an MCP client (no app around it), in the same run. (2) Listing a server's tools: cold (a new
// client connects, initializes and lists) against warm (the per-server cache). The server is the
// test suite's MCP server over streamable HTTP on loopback; the model is the offline model.
import { createMCPClient } from "@ai-sdk/mcp";
import { completeTurn, textStart } from "../tests/integration/support/turns";
import { resetConfigForTests } from "../tests/support/config";
import { startHttpMcpServer } from "../tests/support/mcp-test-server";
import { createThread } from "@/lib/db/threads";
import { mcpTools } from "@/lib/mcp/tools";
import { benchDatabase, percentile, table, timedRuns } from "./support";

const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 40);

const ms = (v: number) => v.toFixed(2);

export async function benchMcp(): Promise<string> {
  const server = await startHttpMcpServer();
  const saved = { ...process.env };
  process.env.MCP_SERVERS = JSON.stringify({ web: { url: server.url, trusted: true } });
  process.env.OFFLINE_DELAY_MS = "0";
  resetConfigForTests();
  const { db, cleanup } = await benchDatabase();
  try {
    const userId = (await db.user.create({ data: {} })).id;
    const turn = async (text: string) => {
      const t = await createThread(userId);
      const t0 = performance.now();
      const { outcome } = await completeTurn(userId, t.id, textStart(text));
      if (outcome.status !== "complete") throw new Error(`bench turn ended ${outcome.status}`);
      return performance.now() - t0;
    };
    // Threads are made outside the timing, so each sample times one turn only.
    const timedTurns = async (text: string) => {
      for (let i = 0; i < 3; i++) await turn(text);
      const out: number[] = [];
      for (let i = 0; i < RUNS; i++) out.push(await turn(text));
      return out;
    };
    const plain = await timedTurns("Define lease.");
    const withCall = await timedTurns('Define lease.\ncall web__lookup {"word": "lease"}');
    // Any tool call costs a second model step and its saved parts: a built-in tool shows that part.
    const withBuiltIn = await timedTurns("Define lease.\ncall list_files {}");

    const direct = await createMCPClient({ transport: { type: "http", url: server.url } });
    const directCall = await timedRuns(RUNS, () => direct.callTool({ name: "lookup", arguments: { word: "lease" } }));
    const coldList = await timedRuns(Math.min(RUNS, 20), async () => {
      const c = await createMCPClient({ transport: { type: "http", url: server.url } });
      await c.listTools();
      await c.close();
    });
    await direct.close();
    const warmList = await timedRuns(RUNS, () => mcpTools(userId));

    const p50 = (s: number[]) => percentile(s, 50);
    const added = p50(withCall) - p50(plain);
    return table([
      { measure: "turn without a tool call", "p50 ms": ms(p50(plain)), "p95 ms": ms(percentile(plain, 95)), "vs direct call": "-" },
      { measure: "turn with one MCP call", "p50 ms": ms(p50(withCall)), "p95 ms": ms(percentile(withCall, 95)), "vs direct call": "-" },
      {
        measure: "turn with one built-in call (list_files)",
        "p50 ms": ms(p50(withBuiltIn)),
        "p95 ms": ms(percentile(withBuiltIn, 95)),
        "vs direct call": "-",
      },
      {
        measure: "what the MCP call adds to a turn",
        "p50 ms": ms(added),
        "p95 ms": "-",
        "vs direct call": (added / p50(directCall)).toFixed(2) + "x",
      },
      {
        measure: "... of which over a built-in call",
        "p50 ms": ms(p50(withCall) - p50(withBuiltIn)),
        "p95 ms": "-",
        "vs direct call": ((p50(withCall) - p50(withBuiltIn)) / p50(directCall)).toFixed(2) + "x",
      },
      {
        measure: "the same call made directly",
        "p50 ms": ms(p50(directCall)),
        "p95 ms": ms(percentile(directCall, 95)),
        "vs direct call": "1.00x",
      },
      {
        measure: "list tools, cold (connect + list)",
        "p50 ms": ms(p50(coldList)),
        "p95 ms": ms(percentile(coldList, 95)),
        "vs direct call": "-",
      },
      {
        measure: "list tools, warm (per-server cache)",
        "p50 ms": ms(p50(warmList)),
        "p95 ms": ms(percentile(warmList, 95)),
        "vs direct call": `cold/warm ${(p50(coldList) / p50(warmList)).toFixed(0)}x`,
      },
    ]);
  } finally {
    process.env = saved;
    resetConfigForTests();
    await cleanup();
    await server.close();
  }
}
