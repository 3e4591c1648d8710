import path from "node:path";
import { axeViolations } from "./support/axe";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { clickHeaderControl, createThread, openThread, send } from "./support/chat-page";

// The chat list: titles the model makes after the first exchange (seen live in another tab),
// renaming from the header, date groups in the person's time zone, archive and unarchive by
// keyboard; axe over the list and the header's rename field at a phone's and a desktop's width,
// light and dark.

const DB_FILE = path.resolve("test-data", `e2e-${process.env.E2E_PORT ?? 3471}.db`);
const DAY = 86_400_000;

const item = (page: Page, id: string) => page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`);
const group = (page: Page, key: string) => page.locator(`[data-testid="thread-group"][data-group="${key}"]`);

/** Moves a chat's last activity, straight in the server's SQLite file (the API has no way to). */
function setUpdatedAt(threadId: string, at: number) {
  const db = new Database(DB_FILE);
  try {
    db.pragma("busy_timeout = 10000");
    db.prepare(`UPDATE "Thread" SET "updatedAt" = ? WHERE "id" = ?`).run(new Date(at).toISOString(), threadId);
  } finally {
    db.close();
  }
}

/** A chat made through the API; without a title it is named as the page's New chat button names it. */
async function newChat(page: Page, title?: string): Promise<string> {
  const res = await page.request.post("/api/threads", title ? { data: { title } } : undefined);
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("the model titles a chat after its first exchange, other tabs see it, and the header renames it by keyboard", async ({ page }) => {
  const id = await createThread(page);
  const other = await page.context().newPage();
  await openThread(other, id);

  await send(page, "Could you please help me plan the **migration** of our auth module to the new session API?");
  const title = "Plan the migration of our auth module";
  await expect(page.getByTestId("thread-title")).toHaveText(title);
  await expect(item(page, id)).toContainText(title);
  // The other tab reads it again when its live feed says the chat changed.
  await expect(other.getByTestId("thread-title")).toHaveText(title);
  await expect(item(other, id)).toContainText(title);

  const rename = page.getByTestId("header-rename");
  await rename.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("rename-input")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(rename).toBeFocused();
  await expect(page.getByTestId("thread-title")).toHaveText(title);

  await page.keyboard.press("Enter");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Auth plan");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("thread-title")).toHaveText("Auth plan");
  await expect(rename).toBeFocused();
  await expect(item(page, id)).toContainText("Auth plan");
  await expect(other.getByTestId("thread-title")).toHaveText("Auth plan");

  // The person's title stays through later replies.
  await send(page, "And the tests?");
  await page.reload();
  await expect(page.getByTestId("thread-title")).toHaveText("Auth plan");
});

test("a continued chat is titled as such, so the list never shows two identical rows", async ({ page }) => {
  const id = await createThread(page);
  await send(page, "Write the quarterly report for the board.");
  await expect(page.getByTestId("thread-title")).toHaveText("Write the quarterly report for the board");
  // In the header, or in its More menu when the row is full (the menu always stands there now).
  await clickHeaderControl(page, "continue-new-chat");
  await page.getByTestId("continue-dialog").getByTestId("continue-start").click();
  await page.waitForURL((url) => url.pathname.startsWith("/t/") && !url.pathname.endsWith(id));
  await expect(page.getByTestId("thread-title")).toHaveText("Write the quarterly report for the board (continued)");
  const titles = await page.locator("[data-testid=thread-item] [data-testid=thread-link]").allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
});

test("chats sit under date headings in the person's time zone, and archive and come back by keyboard", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "America/New_York", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  const startOfToday = await page.evaluate(() => new Date().setHours(0, 0, 0, 0));
  const ids = {
    today: await newChat(page, "Today's chat"),
    // One minute before midnight in New York: yesterday there, whatever the day is in UTC.
    yesterday: await newChat(page, "Late last night"),
    week: await newChat(page, "Earlier this week"),
    older: await newChat(page, "Last month"),
  };
  setUpdatedAt(ids.yesterday, startOfToday - 60_000);
  setUpdatedAt(ids.week, startOfToday - 3 * DAY);
  setUpdatedAt(ids.older, startOfToday - 30 * DAY);
  await openThread(page, ids.today);

  const nav = page.getByRole("navigation", { name: "Chats" }).first();
  await expect(nav.getByRole("heading")).toHaveText(["Today", "Yesterday", "Last 7 days", "Older"]);
  for (const [key, id] of Object.entries(ids)) await expect(group(page, key).locator(`[data-thread-id="${id}"]`)).toHaveCount(1);

  // Archive "Earlier this week" by keyboard: the focus moves on to the next chat.
  await item(page, ids.week).getByTestId("thread-link").focus();
  await page.keyboard.press("Tab"); // rename
  await page.keyboard.press("Tab"); // archive
  await expect(item(page, ids.week).getByTestId("archive-thread")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(group(page, "week")).toHaveCount(0);
  await expect(item(page, ids.older).getByTestId("thread-link")).toBeFocused();

  const toggle = page.getByTestId("archived-toggle").first();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const archived = page.getByTestId("archived-section").first();
  await expect(archived.locator(`[data-thread-id="${ids.week}"]`)).toHaveCount(1);

  // Still opens by its address.
  await openThread(page, ids.week);
  await expect(page.getByTestId("thread-title")).toHaveText("Earlier this week");
  await page.getByTestId("archived-toggle").first().click();
  await archived.locator(`[data-thread-id="${ids.week}"]`).getByTestId("unarchive-thread").click();
  await expect(group(page, "week").locator(`[data-thread-id="${ids.week}"]`)).toHaveCount(1);
  await expect(archived.getByText("No archived chats.")).toBeVisible();
  await context.close();
});

for (const width of [390, 1440]) {
  for (const dark of [false, true]) {
    test(`axe finds nothing in the chat list and the header's rename field at ${width} px, ${dark ? "dark" : "light"}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width, height: width < 768 ? 844 : 900 },
        colorScheme: dark ? "dark" : "light",
      });
      const page = await context.newPage();
      // The New chat button is in the drawer on a phone: the chat is made through the API.
      const id = await newChat(page);
      await openThread(page, id);
      await send(page, "Draft the onboarding checklist for new engineers.");
      await expect(page.getByTestId("thread-title")).toHaveText("Draft the onboarding checklist for new engineers");
      const old = await newChat(page, "An older chat");
      setUpdatedAt(old, Date.now() - 40 * DAY);
      const gone = await newChat(page, "An archived chat");
      expect((await page.request.patch(`/api/threads/${gone}`, { data: { archived: true } })).status()).toBe(200);
      await openThread(page, id);

      const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${width}-${dark ? "dark" : "light"}.png`) });
      const violations: string[] = [];
      const audit = async (state: string) => {
        violations.push(...(await axeViolations(page, state)));
      };

      if (width < 768) await page.getByTestId("open-sidebar").click();
      const sidebar = width < 768 ? page.getByTestId("sidebar-drawer") : page.locator("aside").first();
      await expect(sidebar.getByRole("heading", { name: "Older" })).toBeVisible();
      await sidebar.getByTestId("archived-toggle").click();
      await expect(sidebar.locator(`[data-thread-id="${gone}"]`)).toBeVisible();
      await sidebar.locator(`[data-thread-id="${gone}"]`).hover();
      await audit("sidebar");
      await shot("sidebar");
      if (width < 768) await page.keyboard.press("Escape");

      await page.getByTestId("header-rename").click();
      await expect(page.getByTestId("rename-input")).toBeFocused();
      await audit("header rename");
      await shot("header-rename");
      expect(violations).toEqual([]);
      await context.close();
    });
  }
}
