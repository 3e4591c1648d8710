import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/tests/support/config";
import { mcpTools } from "@/lib/mcp/tools";

// A server that changes its tool list says so (notifications/tools/list_changed): the next turn
// sees the new list although the cached one is far from its lifetime (MCP_TOOLS_TTL_MS = 10 min).
describe("an MCP server's changed tool list", () => {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.MCP_SERVERS = JSON.stringify({
      grow: { command: process.execPath, args: ["--import", "tsx", "tests/support/mcp-growing-server.ts"], trusted: true },
    });
    process.env.MCP_TOOLS_TTL_MS = "600000";
    process.env.MCP_CALL_TIMEOUT_MS = "20000";
    resetConfigForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetConfigForTests();
  });

  it("is listed again after the server's notification, before the cache lifetime ends", async () => {
    const names = async () => Object.keys((await mcpTools("someone")).tools).sort();
    expect(await names()).toEqual(["grow__first"]);
    const deadline = Date.now() + 15_000;
    let seen = await names();
    while (!seen.includes("grow__later") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await names();
    }
    expect(seen).toEqual(["grow__first", "grow__later"]);
  }, 40_000);
});
