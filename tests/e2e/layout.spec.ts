import { axeViolations } from "./support/axe";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { createThread, send } from "./support/chat-page";
import { expectNoHorizontalOverflow } from "./support/layout-checks";

// The thread page's frame (issue 42 item 6): the workspace panel opens by default only for a
// thread with files, already in the first frame, and the person's own choice sticks; the header
// is one row whatever it holds, the rest in a "More" menu; phones get a compact header, and touch
// screens a 44 px send button and no keyboard hint. axe over each state, in both themes.

const PLAN = "write notes/plan.md\n```\n# Plan\n- [ ] first step\n```";
const EMAIL = ["email me@example.com", "subject: Weekly report", "```", "# Week 48", "```"].join("\n");

type Owner = Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>>;
let owner: Owner;
let emptyId = "";
let filesId = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  emptyId = await createThread(page);
  await send(page, "Hello, nothing to write yet.");
  filesId = await createThread(page);
  await send(page, PLAN);
  // A send that waits for a decision: the header's Actions shows, with its count.
  await send(page, EMAIL);
  owner = await page.context().storageState();
  await page.close();
});

async function ownerPage(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext({ storageState: owner, ...options });
  return context.newPage();
}

/**
 * Samples every frame from the first one: whether the workspace (the server's placeholder or the
 * live panel) stands beside the chat, and whether its switch says pressed.
 */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: { title: boolean; panel: boolean; pressed: boolean | null }[] = [];
    (window as unknown as { frames_: typeof frames }).frames_ = frames;
    const shown = (sel: string) => {
      const el = document.querySelector(sel);
      return !!el && el.getBoundingClientRect().width > 100;
    };
    const tick = () => {
      const toggle = document.querySelector('[data-testid="workspace-toggle"]');
      frames.push({
        title: shown('[data-testid="thread-title"]'),
        panel: shown('[data-testid="workspace-loading"]') || shown('[data-testid="workspace-panel"]'),
        pressed: toggle ? toggle.getAttribute("aria-pressed") === "true" : null,
      });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { frames_: { title: boolean; panel: boolean; pressed: boolean | null }[] }).frames_);

async function audit(page: Page, state: string) {
  expect(await axeViolations(page, state), `axe on ${state}`).toEqual([]);
}

test("at 1440 px the workspace is closed for a thread without files and open for one with files, from the first frame", async ({
  browser,
}) => {
  const page = await ownerPage(browser, { viewport: { width: 1440, height: 900 } });
  await recordFrames(page);

  await page.goto(`/t/${emptyId}`);
  await expect(page.getByTestId("composer")).toBeEnabled();
  await page.waitForTimeout(500);
  let frames = (await framesOf(page)).filter((f) => f.title);
  expect(frames.length).toBeGreaterThan(5);
  expect(frames.filter((f) => f.panel)).toEqual([]);
  expect(frames.filter((f) => f.pressed === true)).toEqual([]);
  await expect(page.getByTestId("workspace-toggle")).toHaveAttribute("aria-pressed", "false");
  await page.screenshot({ path: "test-results/layout-empty-1440.png" });

  await page.goto(`/t/${filesId}`);
  await expect(page.getByTestId("composer")).toBeEnabled();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  await page.waitForTimeout(500);
  frames = (await framesOf(page)).filter((f) => f.title);
  // Every frame that shows the thread shows the workspace beside it (first the server's
  // "Loading the workspace…", then the panel), and the switch is never pressed without it.
  expect(frames.filter((f) => !f.panel)).toEqual([]);
  expect(frames.filter((f) => f.pressed === true && !f.panel)).toEqual([]);
  await page.screenshot({ path: "test-results/layout-files-1440.png" });

  // The person's choice is remembered for this thread: closed, it stays closed from the first frame.
  await page.getByTestId("workspace-toggle").click();
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("composer")).toBeEnabled();
  await page.waitForTimeout(500);
  frames = (await framesOf(page)).filter((f) => f.title);
  expect(frames.filter((f) => f.panel)).toEqual([]);
  await page.getByTestId("workspace-toggle").click();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  await page.context().close();
});

test("the server's first HTML already holds the workspace's loading state, or nothing for an empty thread", async ({ browser }) => {
  // Without JavaScript the page is exactly the server's first frame.
  const page = await ownerPage(browser, { viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
  await page.goto(`/t/${filesId}`);
  await expect(page.getByTestId("workspace-loading")).toBeVisible();
  await expect(page.getByTestId("workspace-loading")).toContainText("Loading the workspace…");
  await page.screenshot({ path: "test-results/layout-first-frame-1440.png" });
  await page.goto(`/t/${emptyId}`);
  await expect(page.getByTestId("thread-title")).toBeVisible();
  await expect(page.getByTestId("workspace-loading")).toHaveCount(0);
  await page.context().close();
});

for (const dark of [false, true]) {
  const theme = dark ? "dark" : "light";
  test(`at 1440 px the header is one row with Actions present, the rest in a keyboard menu (${theme})`, async ({ browser }) => {
    const page = await ownerPage(browser, { viewport: { width: 1440, height: 900 }, colorScheme: dark ? "dark" : "light" });
    await page.goto(`/t/${filesId}`);
    await expect(page.getByTestId("composer")).toBeEnabled();
    await expect(page.getByTestId("workspace-panel")).toBeVisible();
    const header = page.getByTestId("thread-header");
    await expect(header.getByTestId("actions-entry")).toBeVisible();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(49);
    // Every control of the row stands on the same line.
    // Every control of the row stands on the same line: their middles within 4 px of the header's.
    const offsets = await header.evaluate((el) => {
      const middle = (r: DOMRect) => r.top + r.height / 2;
      const row = middle(el.getBoundingClientRect());
      return [...el.children]
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.width > 0)
        .map((r) => Math.abs(middle(r) - row));
    });
    expect(offsets.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(4);
    expect((await page.getByTestId("thread-title").boundingBox())!.width).toBeGreaterThanOrEqual(128);
    await expectNoHorizontalOverflow(page, "the header at 1440 px");

    // The menu by keyboard: Enter opens it on its first item, arrows move, Escape gives focus back.
    const more = page.getByTestId("header-more");
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: /Continue in a new chat/ })).toBeVisible();
    await expect(menu.getByRole("menuitemradio", { name: /Offline test model/ })).toHaveAttribute("aria-checked", "true");
    await page.screenshot({ path: `test-results/layout-header-menu-1440-${theme}.png` });
    await audit(page, `header menu, 1440 px, ${theme}`);
    await page.keyboard.press("ArrowDown");
    await expect(menu.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    // A dialog opened from the menu gives focus back to the menu's button.
    await page.keyboard.press("Enter");
    await menu.getByRole("menuitem", { name: /Continue in a new chat/ }).click();
    await expect(page.getByTestId("continue-dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("continue-dialog")).toBeHidden();
    await expect(more).toBeFocused();
    await page.context().close();
  });

  test(`on a phone the header is one compact row and a touch screen gets a 44 px send button and no key hint (${theme})`, async ({
    browser,
  }) => {
    const page = await ownerPage(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      colorScheme: dark ? "dark" : "light",
    });
    await page.goto(`/t/${filesId}`);
    await expect(page.getByTestId("composer")).toBeEnabled();
    const header = page.getByTestId("thread-header");
    const height = (await header.boundingBox())!.height;
    console.log(`phone header height: ${height} px of 844`);
    expect(height).toBeLessThanOrEqual(49);
    expect((await page.getByTestId("thread-title").boundingBox())!.width).toBeGreaterThanOrEqual(128);
    // Closed on a phone: the sheet would cover the chat.
    await expect(page.getByTestId("workspace-panel")).toBeHidden();

    expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
    await page.getByTestId("composer").fill("hello");
    const send = (await page.getByTestId("send").boundingBox())!;
    expect(send.width).toBeGreaterThanOrEqual(44);
    expect(send.height).toBeGreaterThanOrEqual(44);
    await expect(page.getByTestId("composer-hint")).toBeHidden();
    await expectNoHorizontalOverflow(page, "the phone thread");
    expect(
      await page
        .getByTestId("composer")
        .boundingBox()
        .then((b) => b!.width),
    ).toBeGreaterThanOrEqual(280);
    await page.screenshot({ path: `test-results/layout-phone-${theme}.png` });
    await audit(page, `phone thread, ${theme}`);

    // Everything else is in the menu, within reach of a thumb.
    await page.getByTestId("header-more").tap();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    for (const name of [/Actions/, /Inspect the model input/, /Search this chat/, /Continue in a new chat/]) {
      await expect(menu.getByRole(/Inspect/.test(String(name)) ? "menuitemcheckbox" : "menuitem", { name })).toBeVisible();
    }
    await expect(menu.getByRole("menuitemradio")).toHaveCount(1);
    // Keys to press are for physical keyboards: none on a touch screen.
    await expect(menu.getByText("Ctrl+F")).toBeHidden();
    await page.screenshot({ path: `test-results/layout-phone-menu-${theme}.png` });
    await audit(page, `phone header menu, ${theme}`);
    await menu.getByRole("menuitemcheckbox", { name: /Inspect the model input/ }).tap();
    await expect(page.getByTestId("inspector-panel")).toBeVisible();
    await page.keyboard.press("Escape"); // the sheet covers the header
    await expect(page.getByTestId("inspector-panel")).toBeHidden();
    await page.getByTestId("workspace-toggle").tap();
    await expect(page.getByTestId("workspace-panel")).toBeVisible();
    // innerText: what shows (the key's sentence is in the DOM, hidden on a touch screen).
    await expect(page.getByTestId("file-pane-empty")).toHaveText(/^Pick a file to read or edit it\.$/, { useInnerText: true });
    await page.context().close();
  });
}

test("with a mouse the keyboard hint shows and the send button keeps its desktop size", async ({ browser }) => {
  const page = await ownerPage(browser, { viewport: { width: 1440, height: 900 } });
  await page.goto(`/t/${emptyId}`);
  await expect(page.getByTestId("composer")).toBeEnabled();
  await expect(page.getByTestId("composer-hint")).toBeVisible();
  await page.getByTestId("composer").fill("hello");
  expect((await page.getByTestId("send").boundingBox())!.height).toBeLessThan(44);
  await page.getByTestId("workspace-toggle").click();
  await expect(page.getByTestId("file-pane-empty")).toHaveText(/^Pick a file to read or edit it\. Press Ctrl\+S \(⌘S\) to save\.$/, {
    useInnerText: true,
  });
  await page.context().close();
});
