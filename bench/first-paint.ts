// First paint of a thread page in the production build, in Debian's Chromium: a seeded thread of
// 20 messages (the baseline) and one of 2,000, opened warm. Reports the time until the newest
// message is visible, DOM nodes and JS heap at that moment, and, for the long thread, scrolling
// to its first message (time and the most DOM nodes seen on the way). Ratios are long / short.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { processTreeRssMb } from "./process-rss";
import { table } from "./support";
import { benchMessage } from "./texts";

const PORT = Number(process.env.BENCH_PORT ?? 4050);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SIZES = [20, 2000];
const OPENS_FOR_RSS = 20;

export function startServer(dataDir: string, port = PORT): ChildProcess {
  // Built first, in the open (as the e2e setup does): on a loaded machine a build inside the server
  // start outlasts waitForServer, and its output would be hidden.
  execFileSync(process.execPath, ["scripts/start.mjs", "--build-only"], { stdio: "inherit" });
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "bench.db")}`,
      CHAT_MODEL: "offline",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout?.resume();
  return child;
}

export async function waitForServer(child: ChildProcess, probeUrl = `${BASE}/api/model`): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(probeUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** A thread of `size` alternating messages, written straight into the server's SQLite file. */
export async function seedThread(
  context: BrowserContext,
  size: number,
  base = BASE,
): Promise<{ id: string; firstId: string; lastId: string }> {
  const res = await context.request.post(`${base}/api/threads`, { data: { title: `${size} messages` } });
  if (!res.ok()) throw new Error(`creating the bench thread failed: ${res.status()} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const { db } = await import("@/lib/db/client");
  const rows = Array.from({ length: size }, (_, i) => {
    const { role, text } = benchMessage(i);
    return { id: `${id}-m${i + 1}`, threadId: id, seq: i + 1, role, text, tokens: 40, parts: JSON.stringify([{ type: "text", text }]) };
  });
  for (let i = 0; i < rows.length; i += 500) await db().message.createMany({ data: rows.slice(i, i + 500) });
  await db().thread.update({ where: { id }, data: { lastSeq: size } });
  return { id, firstId: rows[0].id, lastId: rows[size - 1].id };
}

/**
 * Marks the moment the message with this id is in the DOM, inside the viewport, with its text. A
 * string, not a function: tsx would wrap inner functions in a helper the page does not have.
 */
const watchFor = (messageId: string) => `
  (() => {
    const check = () => {
      const el = document.querySelector('[data-message-id="${messageId}"]');
      const rect = el && el.getBoundingClientRect();
      if (rect && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight && el.textContent) {
        window.__visibleAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

export async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  await cdp.detach();
  return (metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0) / 1e6;
}

export const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName("*").length);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Paint = { visibleMs: number; firstByteMs: number; nodes: number; heapMb: number };

async function openThread(context: BrowserContext, threadId: string, lastId: string): Promise<Paint & { page: Page }> {
  const page = await context.newPage();
  await page.addInitScript(watchFor(lastId));
  await page.goto(`${BASE}/t/${threadId}`, { waitUntil: "commit" });
  await page
    .waitForFunction(() => (window as unknown as { __visibleAt?: number }).__visibleAt !== undefined, null, { timeout: 30_000 })
    .catch(async (e: unknown) => {
      const shown = (
        await page
          .locator("main")
          .innerText()
          .catch(() => "")
      ).slice(0, 300);
      throw new Error(`message ${lastId} never became visible; the page shows: ${shown}`, { cause: e });
    });
  const visibleMs = await page.evaluate(() => (window as unknown as { __visibleAt: number }).__visibleAt);
  const firstByteMs = await page.evaluate(
    () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
  );
  return { page, visibleMs, firstByteMs, nodes: await domNodes(page), heapMb: await heapMb(page) };
}

/** Scrolls to the first message the way a reader holding "Home" would; the most DOM nodes seen. */
async function scrollToTop(page: Page, firstId: string): Promise<{ ms: number; maxNodes: number }> {
  await page.waitForSelector('[data-testid="transcript"]'); // the live (hydrated) transcript
  const t0 = Date.now();
  let maxNodes = 0;
  for (;;) {
    const found = await page.evaluate((id) => {
      const el = document.querySelector<HTMLElement>('[data-testid="transcript"]')!;
      el.scrollTop = 0;
      // Reached when it is on screen with its text, not merely in the DOM.
      const target = document.querySelector(`[data-message-id="${id}"]`);
      const rect = target?.getBoundingClientRect();
      return !!rect && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight && !!target?.textContent;
    }, firstId);
    maxNodes = Math.max(maxNodes, await domNodes(page));
    if (found) return { ms: Date.now() - t0, maxNodes };
    if (Date.now() - t0 > 120_000) throw new Error("did not reach the first message in 2 minutes");
    await page.waitForTimeout(16);
  }
}

export async function benchFirstPaint(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lrc-bench-paint-"));
  process.env.DATABASE_URL = `file:${path.join(dataDir, "bench.db")}`;
  const server = startServer(dataDir);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await waitForServer(server);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const results: Record<number, { paint: Paint; scroll?: { ms: number; maxNodes: number } }> = {};
    const threads = [];
    for (const size of SIZES) threads.push({ size, ...(await seedThread(context, size)) });
    // Memory first, on a server that has done nothing else: the longest thread opened 20 times
    // (the same count the peer gets in `bench peer`), then the server's resident memory.
    const longest = threads.at(-1)!;
    const rssBefore = processTreeRssMb(server.pid!);
    for (let i = 0; i < OPENS_FOR_RSS; i++) await (await openThread(context, longest.id, longest.lastId)).page.close();
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = processTreeRssMb(server.pid!);
    // Every size warm before any is measured (compiled routes, cached JS, a warm server), then
    // the sizes take turns run by run, so neither is measured cold or in a quieter moment.
    for (const t of threads) for (let i = 0; i < 2; i++) await (await openThread(context, t.id, t.lastId)).page.close();
    const runs = new Map<number, Paint[]>(SIZES.map((s) => [s, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const t of threads) {
        const { page, ...paint } = await openThread(context, t.id, t.lastId);
        runs.get(t.size)!.push(paint);
        await page.close();
      }
    }
    const scrollPage = (await openThread(context, longest.id, longest.lastId)).page;
    const scroll = await scrollToTop(scrollPage, longest.firstId);
    await scrollPage.close();
    for (const t of threads) {
      const r = runs.get(t.size)!;
      const typical = {
        visibleMs: med(r.map((x) => x.visibleMs)),
        firstByteMs: med(r.map((x) => x.firstByteMs)),
        nodes: med(r.map((x) => x.nodes)),
        heapMb: med(r.map((x) => x.heapMb)),
      };
      results[t.size] = { paint: typical, scroll: t === longest ? scroll : undefined };
    }
    const [small, large] = SIZES.map((s) => results[s]);
    const rows: Array<Record<string, string | number>> = SIZES.map((size) => {
      const r = results[size];
      return {
        thread: `${size} messages`,
        "newest visible ms (median)": r.paint.visibleMs.toFixed(0),
        "first byte ms": r.paint.firstByteMs.toFixed(0),
        "DOM nodes": r.paint.nodes,
        "JS heap MB": r.paint.heapMb.toFixed(1),
        "scroll to first ms": r.scroll ? r.scroll.ms : "-",
        "max DOM nodes scrolling": r.scroll ? r.scroll.maxNodes : "-",
      };
    });
    rows.push({
      thread: `ratio ${SIZES[1]} / ${SIZES[0]}`,
      "newest visible ms (median)": (large.paint.visibleMs / small.paint.visibleMs).toFixed(2) + "x",
      "first byte ms": (large.paint.firstByteMs / small.paint.firstByteMs).toFixed(2) + "x",
      "DOM nodes": (large.paint.nodes / small.paint.nodes).toFixed(2) + "x",
      "JS heap MB": (large.paint.heapMb / small.paint.heapMb).toFixed(2) + "x",
      "scroll to first ms": "-",
      "max DOM nodes scrolling": "-",
    });
    return [
      table(rows),
      `server RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after ${OPENS_FOR_RSS} opens of the ${longest.size}-message thread`,
    ].join("\n");
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
