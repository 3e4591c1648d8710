// Side by side with the peer (vercel/chatbot), in one run: both production servers started fresh
// here, each on its own port and database, seeded with byte-identical texts (bench/texts.ts),
// threads of 20 and 2,000 messages, measured in turns (ours and the peer's alternate sample by
// sample, the one going first swapping every run). Ratios are ours / peer's: below 1 we are faster
// or smaller. The peer is set up outside this repository (shared notes, peer.md); without it the
// comparison is skipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import { domNodes, heapMb, seedThread, startServer, waitForServer } from "./first-paint";
import { peerSetup, seedPeer, startPeer, type PeerSeed } from "./peer-app";
import { childrenOf, processTreeRssMb } from "./process-rss";
import { serversSettled } from "./settle";
import { percentile, table } from "./support";

const OURS_PORT = Number(process.env.BENCH_PORT ?? 4060);
const PEER_PORT = Number(process.env.PEER_PORT ?? OURS_PORT + 1);
// Twelve: with five, one slow sample of either server moved a first-byte p50 from 1.2x to 2.2x.
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const SIZES = [20, 2000] as const;
const OPENS_FOR_RSS = 20;
const LONG = SIZES[1];

type App = "ours" | "peer";
/** How each app's thread of a size is opened and its messages found in its DOM. */
type Target = { url: string; newest: string; first: string; jump: (page: Page) => Promise<void> };

/** A JS expression for an element that holds `text`, matched by a selector (first or last match). */
const byText = (selector: string, which: "first" | "last", text: string) =>
  `(() => { const all = document.querySelectorAll(${JSON.stringify(selector)}); const el = all[${which === "first" ? "0" : "all.length - 1"}];` +
  ` return el && el.textContent.includes(${JSON.stringify(text)}) ? el : null; })()`;

/** Sets `window[flag]` at the first frame the element found by `find` is on screen with its text. */
const watch = (find: string, flag: string) => `(() => {
  const check = () => {
    const el = ${find};
    const rect = el && el.getBoundingClientRect();
    if (rect && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight && el.textContent) { window.${flag} = performance.now(); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

/** Waits for `window[flag]`. A function, not a string: a string predicate is run by eval, which our CSP refuses. */
const waitFlag = (page: Page, flag: string, timeout: number) =>
  page.waitForFunction((f) => (window as unknown as Record<string, unknown>)[f] !== undefined, flag, { timeout });

const read = (page: Page, flag: string) => waitFlag(page, flag, 180_000).then(() => page.evaluate(`window.${flag}`) as Promise<number>);

type Open = { firstByteMs: number; visibleMs: number; nodes: number; heapMb: number; jumpMs?: number };

/**
 * Opens a thread warm: first byte and the newest message on screen; then, if asked, the jump to its
 * first. `quiet` runs once the new tab exists and before it navigates: on two cores shared by the
 * browser and both servers, a tab's renderer still starting up was timed as the server's slowness.
 */
async function open(context: BrowserContext, t: Target, jump: boolean, quiet?: () => Promise<unknown>): Promise<Open> {
  const page = await context.newPage();
  try {
    await page.addInitScript(watch(t.newest, "__newestAt"));
    await quiet?.();
    await page.goto(t.url, { waitUntil: "commit" });
    const visibleMs = await read(page, "__newestAt");
    const firstByteMs = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
    );
    const result: Open = { firstByteMs, visibleMs, nodes: await domNodes(page), heapMb: await heapMb(page) };
    if (jump) {
      await page.waitForTimeout(1000); // both settled (hydration, live feed) before the reader moves
      await t.jump(page);
      result.jumpMs = await read(page, "__firstAt");
    }
    return result;
  } finally {
    await page.close();
  }
}

/**
 * The document by a plain HTTP GET with the session cookie: when its headers arrived and when the
 * first byte of its body did (the whole body is then read). The two differ where a server sends
 * the headers ahead of the page: Next does for a prerendered shell (the peer's), and Chromium's
 * `responseStart` is the headers' arrival.
 */
async function httpFirstByte(url: string, cookie: string): Promise<{ headersMs: number; bodyMs: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const headersMs = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const reader = res.body!.getReader();
  await reader.read();
  const bodyMs = performance.now() - t0;
  while (!(await reader.read()).done);
  return { headersMs, bodyMs };
}

export async function benchPeer(): Promise<string> {
  const setup = peerSetup();
  if ("skipped" in setup) return `skipped: peer not set up (${setup.skipped}; see README "Benchmarks" and the shared notes peer.md)`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lrc-bench-peer-"));
  process.env.DATABASE_URL = `file:${path.join(dataDir, "bench.db")}`;
  const oursBase = `http://127.0.0.1:${OURS_PORT}`;
  const peerBase = `http://127.0.0.1:${PEER_PORT}`;
  const ours = startServer(dataDir, OURS_PORT);
  const peer = startPeer(setup, PEER_PORT);
  const browser = await chromium.launch(chromiumLaunchOptions);
  let seeded: PeerSeed | undefined;
  try {
    await Promise.all([waitForServer(ours, `${oursBase}/api/model`), waitForServer(peer, `${peerBase}/ping`)]);
    const contexts = {
      ours: await browser.newContext({ viewport: { width: 1280, height: 800 } }),
      peer: await browser.newContext({ viewport: { width: 1280, height: 800 } }),
    };
    seeded = await seedPeer(setup, [...SIZES]);
    // By domain and path, not url: Chromium refuses a Secure (`__Secure-`) cookie set for an http
    // url, but takes it this way and sends it to 127.0.0.1, which it treats as a secure origin.
    await contexts.peer.addCookies(
      seeded.cookies.map((c) => ({ ...c, domain: "127.0.0.1", path: "/", secure: c.name.startsWith("__Secure-") })),
    );
    const targets = new Map<string, Target>();
    for (const size of SIZES) {
      const t = await seedThread(contexts.ours, size, oursBase);
      targets.set(`ours ${size}`, {
        url: `${oursBase}/t/${t.id}`,
        newest: `document.querySelector('[data-message-id="${t.lastId}"]')`,
        first: `document.querySelector('[data-message-id="${t.firstId}"]')`,
        jump: async (page) => {
          // The reader's way to the first message: Home on the transcript, timed from the key event.
          await page.focus('[data-testid="transcript"]');
          await page.evaluate(
            `addEventListener("keydown", () => { window.__jumpAt = performance.now(); ${watch(targets.get(`ours ${size}`)!.first, "__firstSeenAt")}; }, { capture: true, once: true })`,
          );
          await page.keyboard.press("Home");
          await waitFlag(page, "__firstSeenAt", 60_000);
          await page.evaluate(`window.__firstAt = window.__firstSeenAt - window.__jumpAt`);
        },
      });
      const p = seeded.threads.find((x) => x.size === size)!;
      const first = byText("[data-role]", "first", p.firstText);
      targets.set(`peer ${size}`, {
        url: `${peerBase}/chat/${p.id}`,
        newest: byText("[data-role]", "last", p.lastText),
        first,
        jump: async (page) => {
          // Everything is rendered: reaching the first message is scrolling its list to the top.
          await page.evaluate(`(() => {
            let el = document.querySelector("[data-role]");
            while (el && !/(auto|scroll)/.test(getComputedStyle(el).overflowY)) el = el.parentElement;
            window.__jumpAt = performance.now();
            (el || document.scrollingElement).scrollTop = 0;
            ${watch(first, "__firstSeenAt")};
          })()`);
          await waitFlag(page, "__firstSeenAt", 60_000);
          await page.evaluate(`window.__firstAt = window.__firstSeenAt - window.__jumpAt`);
        },
      });
    }
    const target = (app: App, size: number) => targets.get(`${app} ${size}`)!;
    const cookieHeader = async (app: App) =>
      (await contexts[app].cookies(app === "ours" ? oursBase : peerBase)).map((c) => `${c.name}=${c.value}`).join("; ");
    const cookies = { ours: await cookieHeader("ours"), peer: await cookieHeader("peer") };
    const order = (run: number): App[] => (run % 2 ? ["peer", "ours"] : ["ours", "peer"]);

    // Memory first, on servers that have served nothing else: the long thread opened 20 times each.
    // Each server's process tree: ours (`npm start`, which becomes the server), the peer's `next start`
    // and anything below either.
    const rss = () => ({ ours: processTreeRssMb(ours.pid!), peer: processTreeRssMb(peer.pid!) });
    const rssBefore = rss();
    for (let i = 0; i < OPENS_FOR_RSS; i++) for (const app of order(i)) await open(contexts[app], target(app, LONG), false);
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = rss();

    const servers = [ours.pid!, peer.pid!];
    // The browser's processes: whatever else this process started (Chromium, with its renderers below it).
    const browserProcesses = () => childrenOf(process.pid).filter((pid) => !servers.includes(pid));
    let unsettled = 0;
    // Warm both at every size, then sample in turns.
    for (const app of ["ours", "peer"] as const) for (const size of SIZES) await open(contexts[app], target(app, size), false);
    const samples = new Map<string, number[]>();
    const add = (key: string, v: number | undefined) => v !== undefined && samples.set(key, [...(samples.get(key) ?? []), v]);
    for (let run = 0; run < RUNS; run++) {
      for (const size of SIZES) {
        for (const app of order(run)) {
          // Each sample starts with both servers quiet (serversSettled), and a page's navigation also
          // with the browser quiet: what the previous page left running, or the new tab's own start,
          // is not timed as this request's.
          unsettled += Number(!(await serversSettled(servers)));
          const http = await httpFirstByte(target(app, size).url, cookies[app]);
          add(`${app} http ${size}`, http.bodyMs);
          add(`${app} headers ${size}`, http.headersMs);
          const quiet = async () => (unsettled += Number(!(await serversSettled([...servers, ...browserProcesses()]))));
          const o = await open(contexts[app], target(app, size), size === LONG, quiet);
          add(`${app} fb ${size}`, o.firstByteMs);
          add(`${app} visible ${size}`, o.visibleMs);
          add(`${app} nodes ${size}`, o.nodes);
          add(`${app} heap ${size}`, o.heapMb);
          add(`${app} jump ${size}`, o.jumpMs);
        }
      }
    }
    return report(samples, rssBefore, rssAfter, unsettled);
  } finally {
    await browser.close();
    await seeded?.cleanup();
    ours.kill("SIGTERM");
    peer.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(samples: Map<string, number[]>, rssBefore: Record<App, number>, rssAfter: Record<App, number>, unsettled: number): string {
  const metric = (label: string, key: string, digits = 0) => {
    const o = samples.get(`ours ${key}`)!;
    const p = samples.get(`peer ${key}`)!;
    const [om, pm] = [percentile(o, 50), percentile(p, 50)];
    return {
      metric: label,
      "ours p50": om.toFixed(digits),
      "ours p95": percentile(o, 95).toFixed(digits),
      "peer p50": pm.toFixed(digits),
      "peer p95": percentile(p, 95).toFixed(digits),
      "ours/peer (p50)": (om / pm).toFixed(2) + "x",
    };
  };
  const rows = [
    ...SIZES.map((s) => metric(`first byte of body, HTTP, ${s} msgs (ms)`, `http ${s}`)),
    ...SIZES.map((s) => metric(`headers, HTTP, ${s} msgs (ms)`, `headers ${s}`)),
    ...SIZES.map((s) => metric(`first byte (headers), Chromium, ${s} msgs (ms)`, `fb ${s}`)),
    ...SIZES.map((s) => metric(`newest visible, warm, ${s} msgs (ms)`, `visible ${s}`)),
    metric(`first of ${LONG} visible (ms)`, `jump ${LONG}`),
    ...SIZES.map((s) => metric(`DOM nodes, ${s} msgs`, `nodes ${s}`)),
    ...SIZES.map((s) => metric(`JS heap, ${s} msgs (MB)`, `heap ${s}`, 1)),
  ];
  rows.push({
    metric: `server RSS after ${OPENS_FOR_RSS} opens of ${LONG} (MB)`,
    "ours p50": rssAfter.ours.toFixed(0),
    "ours p95": "-",
    "peer p50": rssAfter.peer.toFixed(0),
    "peer p95": "-",
    "ours/peer (p50)": (rssAfter.ours / rssAfter.peer).toFixed(2) + "x",
  });
  const growth = (app: App, key: string) =>
    (percentile(samples.get(`${app} ${key} ${LONG}`)!, 50) / percentile(samples.get(`${app} ${key} ${SIZES[0]}`)!, 50)).toFixed(2);
  return [
    table(rows),
    `${RUNS} samples per cell, interleaved, each taken once both servers (and, for a page, the browser) were quiet (${unsettled} were not within 5 s). First-byte growth ${LONG}/${SIZES[0]} messages: ours ${growth("ours", "http")}x HTTP, ${growth("ours", "fb")}x Chromium; peer ${growth("peer", "http")}x, ${growth("peer", "fb")}x.`,
    `Server RSS before the opens: ours ${rssBefore.ours.toFixed(0)} MB, peer ${rssBefore.peer.toFixed(0)} MB. ` +
      `First of ${LONG}: ours presses Home (one page around the first message), the peer scrolls its fully rendered list to the top.`,
  ].join("\n");
}
