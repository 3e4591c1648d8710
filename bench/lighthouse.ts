// Lighthouse (pinned devDependency) on the production build in Debian's Chromium: the home page
// and a seeded thread page of 20 messages, with Lighthouse's mobile (default) and desktop
// settings. Prints the four category scores per page with LCP, TBT and the JavaScript shipped but
// unused on load; the home page is the baseline the thread page is compared with. Uses the paint
// bench's server (BENCH_PORT, its own SQLite file, removed afterwards). LIGHTHOUSE_REPORTS=<dir>
// keeps each run's full JSON report there, to read what Lighthouse flags.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import { seedThread, startServer, waitForServer } from "./first-paint";
import { table } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 4050);
const DEBUG_PORT = PORT + 1;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Lhr = { audits: Record<string, { details?: unknown } | undefined> };

// Lighthouse's 4x CPU slowdown is meant to turn a high-end desktop (its CPU index 1,500-2,000;
// docs/throttling.md in the Lighthouse repository) into a mid-tier phone. A faster host (this kind
// of machine scores 3,700-4,000) turns 4x into a faster phone, a slower one into a slower phone:
// the calibrated row scales the slowdown by the host's own index, so its phone is the same anywhere.
const REFERENCE_INDEX = 1750;
const calibratedSlowdown = (benchmarkIndex: number) => Math.max(1, Math.round(((4 * benchmarkIndex) / REFERENCE_INDEX) * 10) / 10);

type Device = "mobile" | "mobile, calibrated" | "desktop";

const kib = (bytes: number) => Math.round(bytes / 1024);

/** What Lighthouse's unused-javascript audit says could be saved (transfer bytes). */
function unusedBytes(lhr: Lhr): number {
  const details = lhr.audits["unused-javascript"]?.details as { overallSavingsBytes?: number } | undefined;
  return details?.overallSavingsBytes ?? 0;
}

/** Bytes of one resource type transferred on load (the resource-summary audit). */
function transferred(lhr: Lhr, type: string): number {
  const details = lhr.audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  return details?.items?.find((i) => i.resourceType === type)?.transferSize ?? 0;
}

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
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) fs.mkdirSync(reports, { recursive: true });
    const cdp = await browser.newCDPSession(browser.pages()[0] ?? (await browser.newPage()));
    for (const { page, url } of pages) {
      let hostIndex: number | undefined;
      for (const device of ["mobile", "mobile, calibrated", "desktop"] as Device[]) {
        // Calibrated from the plain mobile run's CPU index, this page's, just before.
        const slowdown = device === "mobile, calibrated" && hostIndex ? calibratedSlowdown(hostIndex) : 4;
        if (device === "mobile, calibrated" && !hostIndex) continue;
        // Every run a first visit as far as scripts go (the HTTP cache emptied), still signed in:
        // Lighthouse's own storage reset would also drop the guest's cookie.
        await cdp.send("Network.clearBrowserCache");
        const run = async () => {
          const r = await lighthouse(
            url,
            {
              port: DEBUG_PORT,
              output: "json",
              logLevel: "error",
              onlyCategories: [...CATEGORIES],
              disableStorageReset: true,
              ...(device === "mobile, calibrated" ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } } : {}),
            },
            device === "desktop" ? desktopConfig : undefined,
          );
          // A run Lighthouse could not measure (its trace lost the navigation, say) scores 0.
          if (r?.lhr.runtimeError) throw new Error(`${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`);
          return r;
        };
        // On a busy machine Chromium can miss Lighthouse's protocol deadline, and the first run
        // after the browser starts sometimes records no navigation: one more try, then the row
        // says so and the other runs still report.
        const result = await run().catch(async () => {
          await cdp.send("Network.clearBrowserCache");
          return run().catch((e: unknown) => e as Error);
        });
        const row: Record<string, string | number> = { page, device, "CPU slowdown": device === "desktop" ? "1x" : `${slowdown}x` };
        if (result instanceof Error || !result) {
          rows.push({ ...row, error: result instanceof Error ? result.message : "no result" });
          continue;
        }
        const lhr = result.lhr;
        for (const c of CATEGORIES) row[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
        row["LCP ms"] = Math.round(Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0));
        row["TBT ms"] = Math.round(Number(lhr.audits["total-blocking-time"]?.numericValue ?? 0));
        // How fast and how busy the machine was: Lighthouse's own CPU benchmark (higher is faster)
        // and the load average. Simulated throttling scales what it observes, so a slower or
        // loaded machine lowers the performance score and raises TBT.
        row["CPU index"] = Math.round(lhr.environment.benchmarkIndex);
        if (device === "mobile") hostIndex = lhr.environment.benchmarkIndex;
        row["load"] = os.loadavg()[0].toFixed(1);
        row["JS KiB"] = kib(transferred(lhr, "script"));
        row["unused JS KiB"] = kib(unusedBytes(lhr));
        rows.push(row);
        if (reports) {
          const name = `${page.split(" ")[0]}-${device.replace(", ", "-")}.json`;
          fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr));
        }
      }
    }
    // A failed run has only its error: every column is the union, "-" where a row has nothing.
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    return table(rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? "-"]))));
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
