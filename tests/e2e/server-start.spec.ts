import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freshPostgresUrl, freshSqliteUrl, startServers } from "./support/app-server";

// What a started server does before its first request, on PostgreSQL (SQLite has no pool): it
// opens DATABASE_POOL_MIN connections (instrumentation.ts -> warmPool), so a burst of turns right
// after a start does not wait for new backends.

const PORT = Number(process.env.E2E_PORT ?? 3471) + 60;
const POOL_MIN = 6;

// Defined only when PostgreSQL is reachable, like the PostgreSQL cases of turn-crash.spec.ts.
if (process.env.TEST_DATABASE_URL)
  test("a server started on PostgreSQL holds DATABASE_POOL_MIN connections before any request", async () => {
    test.setTimeout(180_000);
    const url = freshPostgresUrl(process.env.TEST_DATABASE_URL!, `lrc_e2e_start_${PORT}`);
    const servers = await startServers({
      ports: [PORT],
      databaseUrl: url,
      env: { DATABASE_POOL_MIN: String(POOL_MIN), ROUTINES_SCHEDULER: "off", SWEEP_EVERY_MS: "600000" },
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const backends = async () =>
        (
          await admin.query<{ n: number }>(
            "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
          )
        ).rows[0].n;
      await expect.poll(backends, { timeout: 15_000 }).toBeGreaterThanOrEqual(POOL_MIN);
    } finally {
      await admin.end();
      await servers.stop();
    }
  });

// `npm start` migrates, builds when needed, then becomes the server (scripts/start.mjs): nothing
// waits beside it holding the launcher's memory.
test("npm start leaves one process, the server itself", async () => {
  test.setTimeout(180_000);
  const port = PORT + 2;
  const servers = await startServers({ ports: [port], databaseUrl: freshSqliteUrl(`server-start-${port}`) });
  try {
    const pid = servers.pids[0];
    // A process that ended since pgrep listed it has no command line left.
    const commandLine = (p: number) =>
      fs.existsSync(`/proc/${p}/cmdline`) ? fs.readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0") : [];
    // Started in a process group of its own: everything npm start left running is in it. Helpers a
    // test harness preloads (an esbuild service) may sit there too; no launcher may.
    const group = execFileSync("pgrep", ["-g", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map(Number);
    const ours = group.filter((p) => commandLine(p).some((arg) => /scripts\/(start|serve)\.mjs$/.test(arg)));
    expect(ours).toEqual([pid]);
    expect(commandLine(pid)).toContain(`${process.cwd()}/scripts/serve.mjs`);
    expect((await fetch(`${servers.urls[0]}/api/model`)).ok).toBe(true);
  } finally {
    await servers.stop();
  }
});

// next.config.ts is loaded by Node's type stripping where Node has it (scripts/config-loader.mjs):
// Next's default loader would map its native SWC binding into the server for good (28 MB of RSS).
test("the production server maps Next's SWC binding only where Node cannot strip types itself", async () => {
  test.setTimeout(180_000);
  const port = PORT + 1;
  const servers = await startServers({ ports: [port], databaseUrl: freshSqliteUrl(`server-start-${port}`) });
  try {
    const maps = fs.readFileSync(`/proc/${servers.pids[0]}/maps`, "utf8");
    const swcMapped = /next-swc|@next\/swc/.test(maps);
    const nodeStripsTypes = Boolean((process.features as { typescript?: string }).typescript);
    expect(swcMapped).toBe(!nodeStripsTypes);
  } finally {
    await servers.stop();
  }
});
