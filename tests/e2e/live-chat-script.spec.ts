import { expect, test, type Page } from "@playwright/test";
import { createThread } from "./support/chat-page";

// The live chat (the AI SDK's chat, the virtualized transcript, the side panels) is a script of its
// own, imported once a thread is on the page: the home page never loads it, and a thread page shows
// the server's copy until it has arrived.

const chunkPath = (url: string) => new URL(url, "http://x").pathname;
const chunksIn = (html: string) => new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"'\s]+\.js/g)].map((m) => m[0]));

async function threadWithReply(page: Page): Promise<string> {
  const id = await createThread(page);
  const res = await page.request.post("/api/chat", {
    data: { id, message: { role: "user", parts: [{ type: "text", text: "hello script" }] } },
  });
  expect(res.status()).toBe(200);
  await res.text();
  return id;
}

test("a thread page keeps the server's copy until the live chat's script loads, and retries a failed load", async ({ page }) => {
  const id = await threadWithReply(page);
  const inHtml = chunksIn(await (await page.request.get(`/t/${id}`)).text());
  const refused: string[] = [];
  await page.route("**/_next/static/chunks/**", (route) => {
    const path = chunkPath(route.request().url());
    if (inHtml.has(path) || !path.endsWith(".js")) return route.continue();
    refused.push(path);
    return route.abort();
  });

  await page.goto(`/t/${id}`);
  const userMessage = page.locator('[data-testid="message"][data-role="user"]');
  await expect(userMessage).toHaveText(/hello script/);
  // Without its script the chat says so instead of waiting forever, and offers to try again.
  await expect(page.getByText(/Could not load this chat/)).toBeVisible();
  expect(refused.length).toBeGreaterThan(0);
  await expect(page.getByTestId("transcript")).toHaveCount(0);

  await page.unroute("**/_next/static/chunks/**");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("transcript").locator('[data-testid="message"][data-role="user"]')).toHaveText(/hello script/);
  await expect(page.getByTestId("composer")).toBeEnabled();

  // The home page loads none of the live chat's chunks.
  const home = await page.context().newPage();
  const requested: string[] = [];
  home.on("request", (r) => {
    if (r.url().includes("/_next/static/chunks/")) requested.push(chunkPath(r.url()));
  });
  await home.goto("/");
  await expect(home.getByTestId("new-thread")).toBeEnabled();
  await home.waitForLoadState("networkidle");
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((p) => refused.includes(p))).toEqual([]);
  await home.close();
});

test("the live chat shows the server's rendering of the first screen instead of parsing it again", async ({ page }) => {
  const id = await threadWithReply(page);
  const userRow = page.locator('[data-testid="message"][data-role="user"]');
  // Records the message parts whose HTML React sets as given (the reused server rendering).
  await page.addInitScript(`(() => {
    const own = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
    Object.defineProperty(Element.prototype, "innerHTML", {
      get() { return own.get.call(this); },
      set(html) {
        if (this.hasAttribute("data-md-key")) (window.__reused ??= []).push(this.getAttribute("data-md-key"));
        own.set.call(this, html);
      },
    });
  })()`);
  await page.goto(`/t/${id}`);
  await expect(page.getByTestId("transcript").locator('[data-testid="message"][data-role="user"]')).toHaveText(/hello script/);
  await expect(page.getByTestId("composer")).toBeEnabled();
  const userId = await userRow.first().getAttribute("data-message-id");
  expect(await page.evaluate(() => (window as unknown as { __reused?: string[] }).__reused ?? [])).toContain(`${userId}:0`);
});

// scripts/compile-hints.mjs, run by every production build: V8 compiles these scripts as they
// stream in, instead of function by function on the main thread at their first call.
test("every script a thread page loads starts with V8's compile hint", async ({ page }) => {
  const id = await threadWithReply(page);
  const scripts: Promise<string>[] = [];
  page.on("response", (r) => {
    if (chunkPath(r.url()).startsWith("/_next/static/chunks/") && chunkPath(r.url()).endsWith(".js")) scripts.push(r.text());
  });
  await page.goto(`/t/${id}`);
  await expect(page.getByTestId("transcript")).toBeVisible();
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) expect(body.slice(0, 40)).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
});

// A page's first Intl call (a localized number or date, a locale-aware comparison) loads ICU's
// data for it: about 25-35 ms on a desktop core, 100-150 ms at Lighthouse's 4x phone slowdown,
// inside whichever render makes it. Opening a thread makes none (components/ui/format-count.ts).
test("opening a thread formats and sorts without Intl", async ({ page }) => {
  const id = await threadWithReply(page);
  await page.addInitScript(`(() => {
    const calls = (window.__intl = []);
    const watch = (owner, key, label) => {
      const own = owner[key];
      owner[key] = function (...args) {
        calls.push(label + " " + new Error().stack.split("\\n").slice(2, 4).join(" "));
        return new.target ? Reflect.construct(own, args, new.target) : own.apply(this, args);
      };
    };
    watch(String.prototype, "localeCompare", "String.localeCompare");
    watch(Number.prototype, "toLocaleString", "Number.toLocaleString");
    for (const k of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) watch(Date.prototype, k, "Date." + k);
    for (const k of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat", "Segmenter"]) watch(Intl, k, "Intl." + k);
  })()`);
  await page.goto(`/t/${id}`);
  await expect(page.getByTestId("transcript").getByTestId("message-tokens").first()).toHaveText(/^[\d,]+ tokens$/);
  await expect(page.getByTestId("composer")).toBeEnabled();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl)).toEqual([]);
  // The watch itself works: a call made now is seen.
  await page.evaluate(() => (1234).toLocaleString());
  expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl)).toHaveLength(1);
});

// The live transcript starts from the server copy's sizes (components/chat/server-geometry.ts). From
// a flat guess per row it mounted the rows for that guess, then, corrected by its measurements,
// mounted a few more rows (parsing their markdown) in one long task, and took them away again.
test("the live chat mounts the first screen's rows once, at a phone's width", async ({ page }) => {
  const id = await createThread(page);
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post("/api/chat", {
      data: { id, message: { role: "user", parts: [{ type: "text", text: "long 24" }] } },
    });
    expect(res.status()).toBe(200);
    await res.text();
  }
  await page.addInitScript(`(() => {
    const log = (window.__rows = []);
    const rowsIn = (n) => (n instanceof HTMLElement && !n.closest("[inert]") ? (n.matches("[data-message-row]") ? [n] : [...n.querySelectorAll("[data-message-row]")]) : []);
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) for (const row of rowsIn(n)) log.push("+" + row.dataset.messageRow);
        for (const n of r.removedNodes) for (const row of rowsIn(n)) log.push("-" + row.dataset.messageRow);
      }
    }).observe(document, { childList: true, subtree: true });
  })()`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/t/${id}`);
  const newest = page.getByTestId("transcript").locator('[data-testid="message"]').last();
  await expect(newest).toBeInViewport();
  await expect(page.getByTestId("composer")).toBeEnabled();
  await page.waitForLoadState("networkidle");
  const log = await page.evaluate(() => (window as unknown as { __rows: string[] }).__rows);
  expect(log.length).toBeGreaterThan(1);
  expect(log.filter((entry) => entry.startsWith("-"))).toEqual([]);
  expect(new Set(log).size).toBe(log.length);
  expect(log).toContain(`+${await newest.getAttribute("data-message-id")}`);
});
