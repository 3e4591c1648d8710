import { expect, test } from "@playwright/test";
import { freshPostgresUrl, freshSqliteUrl, startServers, type Servers } from "./support/app-server";

// kill -9 of the server mid-reply, then a restart on the same database: the reply is interrupted
// with its partial text, the thread accepts the next turn, nothing else changed. Our own server
// (not Playwright's), so the test can kill it; on SQLite and, when reachable, on PostgreSQL.

const PORT = Number(process.env.E2E_PORT ?? 3471) + 25;
const serverEnv = {
  LEASE_HEARTBEAT_MS: "500",
  REPLY_SAVE_EVERY_MS: "200",
  SWEEP_EVERY_MS: "500",
  OFFLINE_DELAY_MS: "20",
  CHAT_MODEL: "offline",
};

const databases = [
  { name: "sqlite", url: () => freshSqliteUrl(`e2e-crash-${PORT}`) },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres", url: () => freshPostgresUrl(process.env.TEST_DATABASE_URL!, `lrc_e2e_crash_${PORT}`) }]
    : []),
];

type Message = { id: string; role: string; status: string; text: string; errorCode: string | null };

for (const database of databases) {
  test(`a server killed mid-reply leaves an interrupted reply that a restart shows, on ${database.name}`, async () => {
    test.setTimeout(240_000);
    const url = database.url();
    let servers: Servers | null = await startServers({ ports: [PORT], databaseUrl: url, env: serverEnv });
    const base = servers.urls[0];
    try {
      const created = await fetch(`${base}/api/threads`, { method: "POST", headers: { origin: base } });
      const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0];
      const { id } = (await created.json()) as { id: string };
      const headers = { "content-type": "application/json", cookie, origin: base };
      const messages = async (): Promise<Message[]> =>
        ((await (await fetch(`${base}/api/threads/${id}/messages`, { headers })).json()) as { messages: Message[] }).messages;

      const res = await fetch(`${base}/api/chat`, {
        method: "POST",
        headers,
        body: JSON.stringify({ id, message: { role: "user", parts: [{ type: "text", text: "long 1000" }] } }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      // Wait until a partial reply is stored, then crash the server.
      await expect.poll(async () => (await messages())[1]?.text ?? "", { timeout: 60_000 }).toContain("Line 10 ");
      const during = await messages();
      expect(during.map((m) => [m.role, m.status])).toEqual([
        ["user", "complete"],
        ["assistant", "streaming"],
      ]);
      await servers.kill();
      servers = null;
      await reader.cancel().catch(() => undefined);

      servers = await startServers({ ports: [PORT], databaseUrl: url, env: serverEnv });
      await expect.poll(async () => (await messages())[1]?.status, { timeout: 30_000 }).toBe("interrupted");
      const after = await messages();
      expect(after.map((m) => m.id)).toEqual(during.map((m) => m.id));
      expect(after[1].errorCode).toBe("interrupted");
      expect(after[1].text).toContain("Line 10 of 1000");
      expect(after[1].text).not.toContain("Line 1000 of 1000");

      const next = await fetch(`${base}/api/chat`, {
        method: "POST",
        headers,
        body: JSON.stringify({ id, message: { role: "user", parts: [{ type: "text", text: "still there?" }] } }),
      });
      expect(next.status).toBe(200);
      await next.text();
      const final = await messages();
      expect(final.map((m) => [m.role, m.status])).toEqual([
        ["user", "complete"],
        ["assistant", "interrupted"],
        ["user", "complete"],
        ["assistant", "complete"],
      ]);
    } finally {
      await servers?.stop();
    }
  });
}
