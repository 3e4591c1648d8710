import { expect, test } from "@playwright/test";
import { freshSqliteUrl, startServers, type Servers } from "./support/app-server";

// The serverless path with the production build: the in-process sweeper and routine scheduler are
// off, so nothing runs unless a request asks; the test plays the platform's cron by calling
// GET /api/cron/sweep and GET /api/cron/routines with the secret. A compaction after a reply is
// handed to its own invocation (POST /api/jobs/compaction, signed); killing the server while it
// summarizes stands in for that function dying, and only the sweep cron may pick it up again.

const PORT = Number(process.env.E2E_PORT ?? 3471) + 5;
const SECRET = "serverless-e2e-cron-secret-0123";
const serverEnv = {
  SWEEPER: "off",
  ROUTINES_SCHEDULER: "off",
  CRON_SECRET: SECRET,
  COMPACTION_INVOCATION: "own",
  CHAT_MODEL: "offline",
  OFFLINE_DELAY_MS: "10",
  // Slow enough to kill the server while a compaction summarizes.
  OFFLINE_SUMMARY_DELAY_MS: "4000",
  CONTEXT_RECENT_TOKENS: "400",
  COMPACT_AT_INPUT_TOKENS: "1500",
  LEASE_HEARTBEAT_MS: "300",
  LEASE_DEAD_AFTER_MS: "1500",
};

type Receipt = { id: string; status: string };

const filler = (topic: string) =>
  `${topic}. ` +
  Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts and keep \`loadAccount\` stable.`).join(" ");

test("with only the cron routes ticking, compactions land, a dead one is picked up, and routines run", async () => {
  test.setTimeout(300_000);
  const url = freshSqliteUrl(`e2e-serverless-${PORT}`);
  let servers: Servers | null = await startServers({ ports: [PORT], databaseUrl: url, env: serverEnv });
  const base = servers.urls[0];
  try {
    const created = await fetch(`${base}/api/threads`, { method: "POST", headers: { origin: base } });
    const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0];
    const { id } = (await created.json()) as { id: string };
    const headers = { "content-type": "application/json", cookie, origin: base };
    const send = async (text: string) => {
      const res = await fetch(`${base}/api/chat`, {
        method: "POST",
        headers,
        body: JSON.stringify({ id, message: { role: "user", parts: [{ type: "text", text }] } }),
      });
      expect(res.status).toBe(200);
      await res.text();
    };
    const receipts = async (): Promise<Receipt[]> =>
      ((await (await fetch(`${base}/api/threads/${id}/context`, { headers })).json()) as { compaction: { receipts: Receipt[] } }).compaction
        .receipts;
    const cron = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${SECRET}` } });
      expect(res.status).toBe(200);
      return res.json();
    };

    // 1. A threshold crossing after a reply is summarized, with no sweeper or scheduler running.
    for (const topic of ["api", "jobs", "cli", "docs"]) await send(filler(topic));
    await expect.poll(async () => (await receipts()).map((r) => r.status), { timeout: 30_000 }).toContain("saved");

    // 2. The next compaction's function dies mid-summary.
    let running: Receipt | undefined;
    for (const topic of ["ops", "web", "db", "ci", "qa", "ux"]) {
      await send(filler(topic));
      await expect
        .poll(async () => (running = (await receipts()).find((r) => r.status === "running")), { timeout: 3_000 })
        .toBeDefined()
        .catch(() => undefined);
      if (running) break;
    }
    expect(running).toBeDefined();
    await servers.kill();
    servers = await startServers({ ports: [PORT], databaseUrl: url, env: serverEnv });
    // No sweeper: after the restart the dead receipt still says running until the cron ticks.
    expect((await receipts()).find((r) => r.id === running!.id)?.status).toBe("running");
    await new Promise((r) => setTimeout(r, 2_000)); // past LEASE_DEAD_AFTER_MS: the lease is dead
    const swept = await cron("/api/cron/sweep");
    expect(swept.compactions).toBeGreaterThanOrEqual(1);
    expect(swept.compactionsRetried).toContain(id);
    // The first crossing's receipt is already saved: the retry is a second one.
    await expect
      .poll(async () => (await receipts()).filter((r) => r.status === "saved").length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    expect((await receipts()).find((r) => r.id === running!.id)?.status).toBe("interrupted");

    // 3. A routine due within the minute is started by the routines cron, and its run finishes.
    const routine = await fetch(`${base}/api/routines`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Every minute", instructions: "Say hello.", cron: "* * * * *", timezone: "UTC" }),
    });
    expect(routine.status).toBe(201);
    const { id: routineId } = (await routine.json()) as { id: string };
    await expect
      .poll(async () => (await cron("/api/cron/routines")).claimed, { timeout: 75_000, intervals: [3_000] })
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${base}/api/routines/${routineId}/runs`, { headers })).json()) as { runs: { status: string }[] }).runs[0]
            ?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe("succeeded");
  } finally {
    await servers?.stop();
  }
});
