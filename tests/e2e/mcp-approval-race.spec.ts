import { expect, test } from "@playwright/test";
import type { HttpMcpServer } from "../support/mcp-test-server";
import { freshPostgresUrl, type Servers } from "./support/app-server";
import { startAppWithMcp } from "./support/mcp-app";

// Two app instances on one PostgreSQL database answer the same pending tool call at the same
// moment (issue 38 item 6): one continues the turn and the tool runs once, counted on the MCP
// server's side; the other is refused, and so is a replay afterwards.
const PORT = Number(process.env.E2E_PORT ?? 3471) + 47;

if (process.env.TEST_DATABASE_URL) {
  let mcp: HttpMcpServer;
  let servers: Servers;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    ({ mcp, servers } = await startAppWithMcp(
      [PORT, PORT + 1],
      freshPostgresUrl(process.env.TEST_DATABASE_URL!, `lrc_e2e_approval_${PORT}`),
    ));
  });
  test.afterAll(async () => {
    await servers?.stop();
    await mcp?.close();
  });

  test("two instances answering one pending call at once: the tool runs once, the other answer is refused", async ({ request }) => {
    const [A, B] = servers.urls;
    const before = mcp.calls.filter((c) => c === "delete_everything").length;
    const deletes = () => mcp.calls.filter((c) => c === "delete_everything").length - before;
    const created = await request.post(`${A}/api/threads`, { data: { title: "Race" } });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const sent = await request.post(`${A}/api/chat`, {
      data: { id, message: { role: "user", parts: [{ type: "text", text: "call web__delete_everything {}" }] } },
    });
    expect(sent.status()).toBe(200);
    await sent.text();
    const { messages } = await (await request.get(`${B}/api/threads/${id}/messages`)).json();
    const parts = (messages as Array<{ role: string; parts: Array<{ state?: string; approval?: { id: string } }> }>).at(-1)!.parts;
    const approvalId = parts.find((p) => p.state === "approval-requested")?.approval?.id;
    expect(approvalId).toBeTruthy();
    expect(deletes()).toBe(0);

    const answer = (base: string) =>
      request.post(`${base}/api/threads/${id}/tool-approvals`, { data: { approvalId, decision: "allow_once" } });
    const answers = await Promise.all([answer(A), answer(B)]);
    // The loser is refused as "already decided" (409) or, once the winner's continuation reply is
    // the thread's last message, as an approval the thread no longer waits on (404).
    const statuses = answers.map((r) => r.status()).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    await answers.find((r) => r.status() === 200)!.text();
    expect(deletes()).toBe(1);
    expect([404, 409]).toContain((await answer(B)).status());
    expect(deletes()).toBe(1);
  });
}
