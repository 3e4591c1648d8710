import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3471);

// The e2e server is the production build (`npm start` builds when needed) on its own SQLite file
// with small token thresholds, so compaction happens within a few messages.
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    headless: true,
    trace: "retain-on-failure",
    launchOptions: {
      // Playwright's own browser download is unreachable offline: use Debian's chromium.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    // Each run starts from an empty database; the server migrates it on start.
    command: `rm -f test-data/e2e-${PORT}.db* && node scripts/start.mjs`,
    url: `http://127.0.0.1:${PORT}/api/model`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      DATABASE_URL: `file:./test-data/e2e-${PORT}.db`,
      DATA_DIR: "./test-data",
      OFFLINE_DELAY_MS: "10",
      CONTEXT_RECENT_TOKENS: process.env.E2E_RECENT_TOKENS ?? "400",
      COMPACT_AT_INPUT_TOKENS: process.env.E2E_COMPACT_AT ?? "1500",
      CHAT_MODEL: "offline",
    },
  },
});
