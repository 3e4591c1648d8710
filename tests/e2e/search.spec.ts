import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { createThread, messageById, openThread, send } from "./support/chat-page";

// Search in a thread and across threads, the jump to a hit far back (one page, none in between),
// and Home / End, on a thread of 2,000 messages seeded straight into the server's SQLite file.

const SIZE = 2000;
const DB_FILE = path.resolve("test-data", `e2e-${process.env.E2E_PORT ?? 3471}.db`);

function seed(threadId: string, size = SIZE, textOf: (i: number) => string = defaultText) {
  const db = new Database(DB_FILE);
  try {
    db.pragma("busy_timeout = 10000");
    const insert = db.prepare(
      `INSERT INTO "Message" ("id", "threadId", "seq", "role", "parts", "text", "tokens", "status", "runStart", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, 'complete', 0, ?)`,
    );
    const at = new Date("2026-11-01T10:00:00Z").getTime();
    db.transaction(() => {
      for (let i = 1; i <= size; i++) {
        const text = textOf(i);
        const role = i % 2 ? "user" : "assistant";
        insert.run(
          `${threadId}-m${i}`,
          threadId,
          i,
          role,
          JSON.stringify([{ type: "text", text }]),
          text,
          Math.ceil(text.length / 4), // about four characters a token: the cut is computed from stored counts
          new Date(at + i * 1000).toISOString(),
        );
      }
      db.prepare(`UPDATE "Thread" SET "lastSeq" = ? WHERE "id" = ?`).run(size, threadId);
    })();
  } finally {
    db.close();
  }
}

function defaultText(i: number): string {
  return i === 3
    ? "The quokka budget is 4312 EUR; the handler lives in src/api/accounts.ts."
    : `Step ${i}: check module ${i} and tick item ${i} in the checklist.`;
}

function pageRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (/\/api\/threads\/[^/]+\/messages$/.test(url.pathname)) seen.push(url.search);
  });
  return seen;
}

/** The last older page of the live transcript read ahead while the page was idle (no cursor past it). */
const olderPagesReadAhead = (page: Page, threadId: string) =>
  page.waitForResponse(
    async (r) =>
      r.url().includes(`/api/threads/${threadId}/messages?`) && r.url().includes("before=") && (await r.json()).nextCursor === null,
  );

const rendered = (page: Page) => page.getByTestId("transcript").getByTestId("message").count();

test("search a thread, jump to a hit 2,000 messages back in one page, Home and End", async ({ page }) => {
  test.setTimeout(120_000); // seeding and three jumps: 15 s idle, over 60 s on a loaded machine
  const id = await createThread(page);
  seed(id);
  const readAhead = olderPagesReadAhead(page, id);
  await openThread(page, id);
  await expect(messageById(page, `${id}-m${SIZE}`)).toBeInViewport();
  // Pages before the shown one are read ahead while idle; counted from here are a jump's own.
  await readAhead;
  const requests = pageRequests(page);

  // Ctrl+F opens the thread's search (not the browser's), focused.
  await page.keyboard.press("Control+f");
  const input = page.getByRole("searchbox", { name: "Search this chat" });
  await expect(input).toBeFocused();
  await input.fill("quokka");
  const hit = page.getByTestId("search-result");
  await expect(hit).toHaveCount(1);
  await expect(hit.locator("mark")).toHaveText("quokka");
  // The first page stands by hidden (it holds the hit). From the click on, no commit may show a
  // message twice: counted after every DOM change, not sampled.
  await expect(page.locator(`[inert] [data-message-id="${id}-m3"]`)).toHaveCount(1);
  await page.evaluate((selector) => {
    const w = window as unknown as { __mostCopies: number };
    w.__mostCopies = 0;
    new MutationObserver(() => {
      w.__mostCopies = Math.max(w.__mostCopies, document.querySelectorAll(selector).length);
    }).observe(document.body, { childList: true, subtree: true });
  }, `[data-message-id="${id}-m3"]`);
  requests.length = 0;
  await hit.click();

  const target = messageById(page, `${id}-m3`);
  await expect(target).toBeInViewport();
  await expect(page.locator(`[data-message-row="${id}-m3"]`)).toHaveAttribute("data-highlighted", "true");
  expect(requests.filter((q) => q.includes("around=3"))).toHaveLength(1);
  expect(requests.filter((q) => q.includes("before="))).toHaveLength(0);
  expect(await rendered(page)).toBeLessThan(60);
  expect(await page.evaluate(() => (window as unknown as { __mostCopies: number }).__mostCopies)).toBe(1);

  // End: back to the live end; Home: the first message, one request away.
  await page.getByTestId("transcript").focus();
  await page.keyboard.press("End");
  await expect(messageById(page, `${id}-m${SIZE}`)).toBeInViewport();
  await expect(page.getByTestId("back-to-latest")).toHaveCount(0);
  requests.length = 0;
  await page.getByTestId("transcript").focus();
  await page.keyboard.press("Home");
  await expect(messageById(page, `${id}-m1`)).toBeInViewport();
  await expect(page.locator(`[data-message-row="${id}-m1"]`)).toHaveAttribute("data-highlighted", "true");
  expect(requests).toEqual([expect.stringContaining("after=0")]);
  expect(await rendered(page)).toBeLessThan(60);

  // Scrolling down from the first page loads newer pages; End returns to the live tail.
  await page.getByTestId("back-to-latest").click();
  await expect(messageById(page, `${id}-m${SIZE}`)).toBeInViewport();
});

test("Home shows the first of 2,000 messages without waiting on the network, then the fresh copy of that page", async ({ page }) => {
  const id = await createThread(page);
  seed(id);
  const isFirstPage = (url: string) => url.includes(`/api/threads/${id}/messages?`) && url.includes("after=0");
  const readAhead = page.waitForResponse((r) => isFirstPage(r.url()));
  await openThread(page, id);
  await expect(messageById(page, `${id}-m${SIZE}`)).toBeInViewport();
  await readAhead; // read while the page was idle, before any key

  // Edited after the read-ahead, and from now on the first page is held until released: Home
  // must show the page it read ahead at once, then swap in the fresh one.
  const db = new Database(DB_FILE);
  const edited = "Step 1, edited after the read-ahead.";
  db.prepare(`UPDATE "Message" SET "text" = ?, "parts" = ? WHERE "id" = ?`).run(
    edited,
    JSON.stringify([{ type: "text", text: edited }]),
    `${id}-m1`,
  );
  db.close();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => isFirstPage(url.href),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  // The first page is already mounted, invisible and inert: Home reveals those very rows within
  // the key press's own task (nothing left to fetch or build), as a list holding every message would.
  await expect(page.locator(`[inert] [data-message-row="${id}-m1"]`)).toBeAttached();
  await page.evaluate((row) => {
    const w = window as unknown as { __mountedAhead: Element | null; __revealedInKeyTask: boolean };
    w.__mountedAhead = document.querySelector(`[data-message-row="${row}"]`);
    addEventListener(
      "keydown",
      () => {
        const el = document.querySelector(`[data-message-row="${row}"]`);
        w.__revealedInKeyTask = el === w.__mountedAhead && !el?.closest("[inert]") && getComputedStyle(el!).visibility === "visible";
      },
      { once: true },
    );
  }, `${id}-m1`);
  await page.getByTestId("transcript").focus();
  await page.keyboard.press("Home");
  expect(await page.evaluate(() => (window as unknown as { __revealedInKeyTask?: boolean }).__revealedInKeyTask)).toBe(true);
  const first = messageById(page, `${id}-m1`);
  await expect(first).toBeInViewport();
  await expect(page.locator(`[data-message-row="${id}-m1"]`)).toHaveAttribute("data-highlighted", "true");
  await expect(first).toContainText("Step 1: check module 1");
  release();
  await expect(first).toContainText(edited);
  await expect(first).toBeInViewport();
  expect(await rendered(page)).toBeLessThan(60);
});

test("scrolling up reaches the first of 2,000 messages from pages read ahead while idle; Home and End are in the shortcut list", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await createThread(page);
  seed(id);
  // The older pages are read ahead once the page is idle, the last one included.
  const lastOlderPage = olderPagesReadAhead(page, id);
  await openThread(page, id);
  await expect(messageById(page, `${id}-m${SIZE}`)).toBeInViewport();
  await lastOlderPage;
  // From here on the network has nothing more to give: the way up must be what was read ahead.
  await page.route(
    (url) => url.pathname.startsWith(`/api/threads/${id}/messages`),
    (route) => route.abort(),
  );
  const transcript = page.getByTestId("transcript");
  await expect(async () => {
    await transcript.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(messageById(page, `${id}-m1`)).toBeInViewport({ timeout: 200 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByText("Earlier messages did not load")).toHaveCount(0);
  expect(await rendered(page)).toBeLessThan(60);

  await page.keyboard.press("?");
  const help = page.getByTestId("shortcut-help");
  await expect(help.locator("dl > div").filter({ hasText: "Go to the first message" }).locator("kbd")).toHaveText(["Home"]);
  await expect(help.locator("dl > div").filter({ hasText: "Go to the latest message" }).locator("kbd")).toHaveText(["End"]);
  await page.keyboard.press("Escape");
  await transcript.focus();
  await page.keyboard.press("End");
  await expect(messageById(page, `${id}-m${SIZE}`)).toBeInViewport();
  await page.keyboard.press("Home");
  await expect(messageById(page, `${id}-m1`)).toBeInViewport();
});

test("search across threads opens the thread at the message; hostile input is searched as text", async ({ page }) => {
  const id = await createThread(page);
  // A path only this thread has: earlier tests seeded threads of their own.
  const path = `src/api/ledger-${id.slice(-6)}.ts`;
  seed(id, 50, (i) => (i === 3 ? `The wombat ledger lives in ${path} now.` : defaultText(i)));
  await page.goto("/");
  const input = page.getByRole("searchbox", { name: "Search all chats" });
  await input.fill(`${path}" OR (`);
  await expect(page.getByText("No messages match.")).toBeVisible();
  await input.fill(path);
  const hit = page.getByTestId("search-result");
  await expect(hit).toHaveCount(1);
  await expect(hit.locator("mark")).toHaveText(path);
  await hit.click();
  await page.waitForURL(new RegExp(`/t/${id}\\?seq=3&m=`));
  await expect(messageById(page, `${id}-m3`)).toBeInViewport();
  await expect(page.locator(`[data-message-row="${id}-m3"]`)).toHaveAttribute("data-highlighted", "true");
});

test("the compaction receipt opens the summarized span and searches a kept name where it was said", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await createThread(page);
  const prose = "We keep going through the checklist one careful step at a time and write down what changed. ".repeat(4);
  seed(id, 40, (i) => (i === 2 ? "The invoices come from src/billing/invoice-export.ts every night." : `${prose}Item ${i}.`));
  await openThread(page, id);
  await send(page, "Carry on.");
  await expect
    .poll(
      async () => {
        const info = (await (await page.request.get(`/api/threads/${id}/context`)).json()) as {
          summary: unknown;
          compaction: { running: boolean };
        };
        return info.summary !== null && !info.compaction.running;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.reload();
  const marker = page.getByTestId("summary-marker");
  // The marker's own toggle (the receipt inside it has buttons too).
  const toggle = marker.getByRole("button", { name: /Earlier messages are summarized/ });
  await toggle.click();
  const links = page.getByTestId("receipt-links");
  await links.getByRole("button", { name: "Search this chat for src/billing/invoice-export.ts" }).click();
  await expect(page.getByRole("searchbox", { name: "Search this chat" })).toHaveValue("src/billing/invoice-export.ts");
  await page.getByTestId("search-result").first().click();
  await expect(messageById(page, `${id}-m2`)).toBeInViewport();
  await expect(page.locator(`[data-message-row="${id}-m2"]`)).toHaveAttribute("data-highlighted", "true");

  await page.getByTestId("back-to-latest").click();
  // The list re-renders after the jump back: wait for the marker before reading its state.
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await links.getByRole("button", { name: /Open the summarized messages \(#1–#\d+\)/ }).click();
  await expect(page.locator(`[data-message-row="${id}-m1"]`)).toHaveAttribute("data-highlighted", "true");
  await expect(messageById(page, `${id}-m1`)).toBeInViewport();
});
