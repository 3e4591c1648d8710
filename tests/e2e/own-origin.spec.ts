import http from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";

// Issue 41: the app's own origin never comes from a bare Host header. With CRON_SECRET set and no
// APP_URL, a compaction after a reply is handed to POST /api/jobs/compaction at the app's own
// origin; a client sending a forged Host must not be able to make the server send that signed job
// (or anything else) to a host of its choosing. A listener on another loopback port stands in for
// the attacker's host. The production build behind scripts/serve.mjs, which reports the address
// each connection reached.

const PORT = Number(process.env.E2E_PORT ?? 3471) + 37;
const SECRET = "own-origin-e2e-cron-secret-0123";
const DB_NAME = `e2e-own-origin-${PORT}`;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw request to our server with headers of our choosing (fetch would not send a forged Host). */
function send(path: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, path, method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const filler = (topic: string) =>
  `${topic}. ` +
  Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts and keep \`loadAccount\` stable.`).join(" ");

test("a forged Host sends nothing to that host, with CRON_SECRET set and no APP_URL, and the compaction still lands", async () => {
  test.setTimeout(240_000);
  expect(process.env.APP_URL, "this test needs APP_URL unset").toBeUndefined();
  expect(process.env.TRUST_PROXY ?? "0", "this test needs no trusted proxy").toBe("0");

  const seen: string[] = [];
  const attacker = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(202, { "content-type": "application/json" }).end('{"accepted":true}');
  });
  await new Promise<void>((r) => attacker.listen(0, "127.0.0.1", r));
  const forgedHost = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;

  let servers: Servers | null = null;
  try {
    servers = await startServers({
      ports: [PORT],
      databaseUrl: freshSqliteUrl(DB_NAME),
      env: {
        CRON_SECRET: SECRET,
        COMPACTION_INVOCATION: "own",
        CHAT_MODEL: "offline",
        OFFLINE_DELAY_MS: "10",
        CONTEXT_RECENT_TOKENS: "400",
        COMPACT_AT_INPUT_TOKENS: "1500",
      },
    });
    const base = servers.urls[0];
    const created = await fetch(`${base}/api/threads`, { method: "POST", headers: { origin: base } });
    const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0];
    const { id } = (await created.json()) as { id: string };
    const turn = (text: string, headers: Record<string, string>) =>
      send(
        "/api/chat",
        "POST",
        { "content-type": "application/json", cookie, ...headers },
        JSON.stringify({ id, message: { role: "user", parts: [{ type: "text", text }] } }),
      );

    // A forged Host with a matching Origin names no address this connection reached: refused first.
    const forged = await turn("hello", { host: forgedHost, origin: `http://${forgedHost}` });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body).error.code).toBe("forbidden");

    // A browser on localhost reaching 127.0.0.1 is ours: the loopback name of the reached address.
    // (A short turn: the compaction threshold is crossed only by the forged-Host turns below.)
    expect((await turn("hello", { host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` })).status).toBe(200);

    // A script (no Origin) with a forged Host is served; its turns cross the compaction threshold.
    for (const topic of ["api", "jobs", "cli", "docs"]) expect((await turn(filler(topic), { host: forgedHost })).status).toBe(200);

    const receipts = async () =>
      (
        (await (await fetch(`${base}/api/threads/${id}/context`, { headers: { cookie } })).json()) as {
          compaction: { receipts: Array<{ status: string }> };
        }
      ).compaction.receipts.map((r) => r.status);
    await expect.poll(receipts, { timeout: 60_000 }).toContain("saved");

    // The compaction went to the app's own job route (which recorded the job's nonce), not to the
    // forged host: the attacker's listener heard nothing at all.
    const db = new Database(`test-data/${DB_NAME}.db`, { readonly: true, fileMustExist: true });
    try {
      expect((db.prepare(`SELECT COUNT(*) AS n FROM "AcceptedJob"`).get() as { n: number }).n).toBeGreaterThanOrEqual(1);
    } finally {
      db.close();
    }
    expect(seen).toEqual([]);
  } finally {
    await servers?.stop();
    await new Promise((r) => attacker.close(r));
  }
});
