// Lighthouse (pinned devDependency) on the production build in Debian's Chromium: the home page
// and a seeded thread page of 20 messages, with Lighthouse's mobile (default) and desktop
// settings. Prints the four category scores per page; the home page is the baseline the thread
// page is compared with. Uses the paint bench's server (BENCH_PORT, its own SQLite file).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import { seedThread, startServer, waitForServer } from "./first-paint";
import { table } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 4050);
const DEBUG_PORT = PORT + 1;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export async function benchLighthouse(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lrc-bench-lighthouse-"));
  process.env.DATABASE_URL = `file:${path.join(dataDir, "bench.db")}`;
  const server = startServer(dataDir);
  // Lighthouse drives the browser over the DevTools protocol; Playwright only starts it and
  // holds the guest's cookie (kept: no storage reset), so the thread page is read as its owner.
  const browser = await chromium.launchPersistentContext(path.join(dataDir, "profile"), {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    await waitForServer(server);
    const base = `http://127.0.0.1:${PORT}`;
    const thread = await seedThread(browser, 20);
    const pages = [
      { page: "home", url: `${base}/` },
      { page: "thread (20 messages)", url: `${base}/t/${thread.id}` },
    ];
    const rows: Array<Record<string, string | number>> = [];
    for (const { page, url } of pages) {
      for (const device of ["mobile", "desktop"] as const) {
        const result = await lighthouse(
          url,
          { port: DEBUG_PORT, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], disableStorageReset: true },
          device === "desktop" ? desktopConfig : undefined,
        );
        const lhr = result!.lhr;
        const row: Record<string, string | number> = { page, device };
        for (const c of CATEGORIES) row[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
        row["LCP ms"] = Math.round(Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0));
        row["TBT ms"] = Math.round(Number(lhr.audits["total-blocking-time"]?.numericValue ?? 0));
        rows.push(row);
      }
    }
    return table(rows);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
