import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3471);
const POSTGRES = process.env.TEST_DATABASE_URL;
const PG_PORTS = [PORT + 10, PORT + 11];

// Small token thresholds, so compaction happens within a few messages.
const appEnv = {
  DATA_DIR: "./test-data",
  // The tests reach the servers at 127.0.0.1, whatever HOSTNAME the machine exports (Docker does).
  HOSTNAME: "127.0.0.1",
  OFFLINE_DELAY_MS: "10",
  OFFLINE_SUMMARY_DELAY_MS: "1200",
  CONTEXT_RECENT_TOKENS: process.env.E2E_RECENT_TOKENS ?? "400",
  COMPACT_AT_INPUT_TOKENS: process.env.E2E_COMPACT_AT ?? "1500",
  // An imported long chat (about 50,000 tokens) is summarized in several calls, each taking
  // OFFLINE_SUMMARY_DELAY_MS, so its compaction outlasts the page's load and the page shows it
  // (tests/e2e/export-import.spec.ts); in one call it could end before the page had asked.
  SUMMARY_CHUNK_TOKENS: "10000",
  CHAT_MODEL: "offline",
  // Test-only replies (the resume fixture's work mode), registered in the offline model by a preload
  // the build never sees (tests/support/work-mode.preload.mjs); npm start has none.
  NODE_OPTIONS: "--import ./tests/support/work-mode.preload.mjs",
  // Every test browser is a new guest from 127.0.0.1; the limits per address have their own tests
  // (tests/integration/security/sign-in-limits.test.ts, tests/e2e/sign-in-limits.spec.ts).
  GUESTS_PER_ADDRESS_PER_HOUR: "100000",
  AUTH_ATTEMPTS_PER_ADDRESS: "100000",
  // The reset mail is read where a developer reads it (tests/e2e/account-paths.spec.ts).
  OUTBOX_PAGE: "on",
  // People may add their own MCP servers (tests/e2e/mcp-servers.spec.ts).
  MCP_USER_SERVERS: "on",
};

// Runs once in the main process (workers inherit the flag): build once for all servers, and give
// the two PostgreSQL instances a fresh, migrated database before they start side by side.
let postgresUrl = "";
if (!process.env.E2E_PREPARED) {
  execFileSync(process.execPath, ["scripts/start.mjs", "--build-only"], { stdio: "inherit" });
  if (POSTGRES) {
    postgresUrl = execFileSync(process.execPath, ["scripts/e2e-postgres-db.mjs", POSTGRES, `lrc_e2e_${PORT}`], { encoding: "utf8" })
      .trim()
      .split("\n")
      .pop()!;
  }
  process.env.E2E_PREPARED = "1";
  process.env.E2E_POSTGRES_APP_URL = postgresUrl;
}
postgresUrl = process.env.E2E_POSTGRES_APP_URL ?? "";
process.env.E2E_INSTANCE_URLS = PG_PORTS.map((p) => `http://127.0.0.1:${p}`).join(",");

const server = (port: number, databaseUrl: string, fresh: string, dataDir?: string, redisUrl?: string) => ({
  command: `${fresh}node scripts/start.mjs`,
  url: `http://127.0.0.1:${port}/api/model`,
  reuseExistingServer: false,
  timeout: 300_000,
  stdout: "pipe" as const,
  env: {
    ...appEnv,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  },
});

// The main server: the production build on its own SQLite file. With TEST_DATABASE_URL, two more
// instances share one PostgreSQL database, as a scaled-out deployment would.
// One spec file at a time: the browser and the servers already keep two cores busy (two workers
// took 10% less time on four specs), and several specs share the main server's database.
export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: postgresUrl ? [] : ["**/two-instances*.spec.ts"],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  // A failed test runs once more, recording a trace (below), and still fails the run: a test that
  // passes only on its retry is flaky, and failOnFlakyTests counts it as a failure.
  retries: 1,
  failOnFlakyTests: true,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    headless: true,
    // Recording a trace of every test cost a quarter of the suite's time (four specs: 6.7 min with
    // it, 5.0 without); the retry of a failed test records one, and its first run leaves a screenshot.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    // Each run starts from an empty database; the server migrates it on start.
    server(PORT, `file:./test-data/e2e-${PORT}.db`, `rm -f test-data/e2e-${PORT}.db* && `),
    // Separate data folders, like separate machines: the session secret must come from the database.
    // With TEST_REDIS_URL they also share Redis, so a live stream resumes on either instance.
    ...(postgresUrl ? PG_PORTS.map((p) => server(p, postgresUrl, "", `./test-data/instance-${p}`, process.env.TEST_REDIS_URL)) : []),
  ],
});
