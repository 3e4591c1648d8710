import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { resetConfigForTests } from "@/tests/support/config";
import { startBrokenMcpServer } from "@/tests/support/mcp-broken-server";
import { createThread } from "@/lib/db/threads";
import { mcpTools } from "@/lib/mcp/tools";
import type { MessagePart } from "@/lib/db/messages";

// Servers that break the protocol (issue 38 item 6): a tool list that does not parse leaves that
// server without tools while the turn answers; a server that drops the connection in the middle of
// a call is recorded as a failed call in words, and the turn answers.
describe("MCP servers that break", () => {
  let env: Provisioned;
  let userId: string;
  const servers: Array<{ close: () => Promise<void> }> = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    env = await provision({ name: "sqlite", url: "" });
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    for (const s of servers) await s.close();
    await env?.drop();
  });

  async function using(name: string, mode: "bad-list" | "vanish") {
    const server = await startBrokenMcpServer(mode);
    servers.push(server);
    process.env.MCP_SERVERS = JSON.stringify({ [name]: { url: server.url, trusted: true } });
    process.env.MCP_CALL_TIMEOUT_MS = "10000";
    resetConfigForTests();
    return server;
  }

  it("gives a server whose tool list does not parse no tools, and the turn answers", async () => {
    await using("badlist", "bad-list");
    expect(Object.keys((await mcpTools(userId)).tools)).toEqual([]);
    const t = await createThread(userId);
    const { outcome } = await completeTurn(userId, t.id, textStart("Hello there."));
    expect(outcome.status).toBe("complete");
  });

  it("records a server that vanishes mid-call as a failed call, and the turn answers", async () => {
    const server = await using("vanish", "vanish");
    const t = await createThread(userId);
    const started = Date.now();
    const { outcome } = await completeTurn(userId, t.id, textStart('call vanish__lookup {"word": "x"}'));
    expect(outcome.status).toBe("complete");
    expect(server.calls()).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const reply = await env.db.message.findUniqueOrThrow({ where: { id: outcome.assistantMessageId } });
    const tool = (JSON.parse(reply.parts) as MessagePart[]).find((p) => p.type === "tool-vanish__lookup") as
      { output?: { ok: boolean; error: string; message: string } } | undefined;
    expect(tool?.output).toMatchObject({ ok: false, error: "server_error" });
    expect(tool?.output?.message).toMatch(/^Server "vanish" failed the call: /);
  });
});
