import { expect, test, type Browser, type Page } from "@playwright/test";
import { clickHeaderControl, createThread, send } from "./support/chat-page";
import { expectNoHorizontalOverflow, expectReachable } from "./support/layout-checks";

// The layout from phone to desktop, in Chromium against the production build: nothing but code
// and the editor scrolls sideways, the composer keeps room to type, the thread title keeps room
// to be read, and every main control can be reached (through the drawer and the sheets on small
// screens).

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];

const LONG_WORD = "x".repeat(300);
const SEED = [
  "write notes/plan.md",
  "```",
  `# Plan\n- [ ] a line that goes on ${"and on ".repeat(40)}`,
  "```",
  "",
  `A long unbroken word: ${LONG_WORD}`,
].join("\n");

let threadId = "";
let owner: Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>> | undefined;

test.beforeAll(async ({ browser }) => {
  // The first page of a fresh production server, then a turn: slow on a busy machine.
  test.setTimeout(120_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  threadId = await createThread(page);
  await send(page, SEED);
  owner = await page.context().storageState();
  await page.close();
});

/** A page of the seeded thread's owner at the given size. */
async function ownerPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ storageState: owner, viewport });
  return context.newPage();
}

async function openThread(page: Page) {
  await page.goto(`/t/${threadId}`);
  await expect(page.getByTestId("composer")).toBeEnabled();
  await expect(page.getByTestId("tool-card").first()).toBeVisible();
}

async function composerWidth(page: Page) {
  return (await page.getByTestId("composer").boundingBox())!.width;
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}x${viewport.height} nothing overflows and every main control is reachable`, async ({ browser }) => {
    const page = await ownerPage(browser, viewport);
    await openThread(page);
    await expectNoHorizontalOverflow(page, "the thread");
    expect(await composerWidth(page)).toBeGreaterThanOrEqual(280);
    expect((await page.getByTestId("thread-title").boundingBox())!.width).toBeGreaterThanOrEqual(128);

    await page.getByTestId("composer").fill("hello");
    await expectReachable(page, page.getByTestId("composer"), "composer");
    await expectReachable(page, page.getByTestId("send"), "send");

    // The chat list, new chat and routines: beside the chat from tablet width, in a drawer below it.
    const narrow = viewport.width < 768;
    const nav = narrow ? page.getByTestId("sidebar-drawer") : page.locator("body");
    if (narrow) {
      await expect(page.getByTestId("new-thread")).toBeHidden();
      const opener = page.getByTestId("open-sidebar");
      await expectReachable(page, opener, "menu button");
      await opener.click();
      await expect(nav).toBeVisible();
    }
    await expectReachable(page, nav.getByTestId("new-thread"), "new chat");
    await expectReachable(page, nav.locator(`[data-thread-id="${threadId}"] [data-testid="thread-link"]`), "thread list");
    await expectReachable(page, nav.getByTestId("routines-link"), "routines link");
    await expectNoHorizontalOverflow(page, "the chat list");
    if (narrow) {
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await expect(page.getByTestId("open-sidebar")).toBeFocused();
    }

    // The workspace: beside the chat on a wide screen, a sheet over it below that.
    const workspaceToggle = page.getByTestId("workspace-toggle");
    const panel = page.getByTestId("workspace-panel");
    if (!(await panel.isVisible())) {
      await expectReachable(page, workspaceToggle, "workspace toggle");
      await workspaceToggle.click();
    }
    await expect(panel).toBeVisible();
    await panel.getByTestId("file-item").filter({ hasText: "plan.md" }).click();
    await expect(panel.locator(".cm-editor")).toBeVisible();
    await expectReachable(page, panel.getByTestId("file-save"), "file save");
    await expectNoHorizontalOverflow(page, "the workspace");
    if (viewport.width >= 1280) {
      expect(await composerWidth(page)).toBeGreaterThanOrEqual(280);
      expect((await page.getByTestId("thread-title").boundingBox())!.width).toBeGreaterThanOrEqual(128);
    }
    await panel.getByTestId("workspace-close").click();
    await expect(panel).toBeHidden();
    await expect(workspaceToggle).toBeFocused();

    // The inspector: the same, and Escape closes it and gives focus back to its switch.
    // On a phone its switch is in the header's "More" menu, which gets the focus back.
    const inspectorToggle = narrow ? page.getByTestId("header-more") : page.getByTestId("inspector-toggle");
    await expectReachable(page, inspectorToggle, "inspector toggle");
    await clickHeaderControl(page, "inspector-toggle");
    await expect(page.getByTestId("inspector-panel")).toBeVisible();
    await expectReachable(page, page.getByTestId("inspector-panel"), "inspector");
    await expectNoHorizontalOverflow(page, "the inspector");
    await page.getByTestId("inspector-panel").getByRole("button", { name: "Close inspector" }).focus();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("inspector-panel")).toBeHidden();
    await expect(inspectorToggle).toBeFocused();
  });
}

test("at 1280 px with the workspace open the title stays readable and the composer keeps 280 px", async ({ browser }) => {
  const page = await ownerPage(browser, { width: 1280, height: 800 });
  await openThread(page);
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  expect((await page.getByTestId("thread-title").boundingBox())!.width).toBeGreaterThanOrEqual(128);
  expect(await composerWidth(page)).toBeGreaterThanOrEqual(280);
  await expectNoHorizontalOverflow(page, "the thread at 1280 px");
});

test("at 360 px the composer keeps 280 px of text width and the home page fits", async ({ browser }) => {
  const page = await ownerPage(browser, { width: 360, height: 740 });
  await openThread(page);
  expect(await composerWidth(page)).toBeGreaterThanOrEqual(280);
  await expectNoHorizontalOverflow(page, "the thread at 360 px");
  await page.goto("/");
  await expectReachable(page, page.getByTestId("empty-new-thread"), "new chat");
  await expectNoHorizontalOverflow(page, "home at 360 px");
});

test("routine pages work at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const created = await page.request.post("/api/routines", {
    data: { name: "Phone routine", instructions: "Say hello.", cron: "0 9 * * 1-5", timezone: "Europe/Berlin" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto("/routines");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The list is in the drawer here, so the hint points there (a11y.spec checks "on the left" wider).
  await expect(page.getByTestId("routines-hint")).toHaveText(/^Pick a routine from the menu, or create one/, { useInnerText: true });
  await expectNoHorizontalOverflow(page, "/routines");
  await page.getByTestId("open-sidebar").click();
  await expectReachable(page, page.getByTestId("sidebar-drawer").getByTestId("new-routine"), "new routine");
  await page.getByTestId("sidebar-drawer").getByTestId("new-routine").click();
  await expect(page).toHaveURL(/\/routines\/new$/);
  await expect(page.getByTestId("sidebar-drawer")).toBeHidden();
  for (const field of ["routine-name", "routine-instructions", "schedule-kind", "routine-timezone", "routine-save"]) {
    await expectReachable(page, page.getByTestId(field), field);
  }
  await expectNoHorizontalOverflow(page, "/routines/new");

  await page.goto(`/routines/${id}`);
  await expect(page.getByTestId("routine-title")).toHaveText("Phone routine");
  // The name and the schedule keep room to be read; the actions wrap below them.
  expect((await page.getByTestId("routine-title").boundingBox())!.width).toBeGreaterThanOrEqual(200);
  expect((await page.getByTestId("routine-schedule").boundingBox())!.width).toBeGreaterThanOrEqual(200);
  for (const control of ["routine-edit", "routine-toggle", "routine-run-now", "routine-delete", "workspace-toggle"]) {
    await expectReachable(page, page.getByTestId(control), control);
  }
  await expectNoHorizontalOverflow(page, "a routine");
  await page.getByTestId("open-notes").click();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  await expectReachable(page, page.getByTestId("workspace-panel"), "the routine's workspace");
  await expectNoHorizontalOverflow(page, "a routine's workspace");
});

test("at 1440 px the side panels resize by dragging and by arrow keys, remember their widths, and leave the composer 280 px", async ({
  browser,
}) => {
  const page = await ownerPage(browser, { width: 1440, height: 900 });
  await openThread(page);
  const side = page.locator("#split-side");
  const width = async () => (await side.boundingBox())!.width;
  const separator = page.getByRole("separator", { name: "Resize the workspace" });
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  await expect(separator).toBeVisible();

  // Dragged 150 px to the left: the workspace grows by as much.
  const before = await width();
  const box = (await separator.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 75, y, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 - 150, y, { steps: 5 });
  await page.mouse.up();
  expect(Math.abs((await width()) - (before + 150))).toBeLessThanOrEqual(4);

  // Dragged as far left as it goes: the chat keeps its minimum, the composer its 280 px of text.
  await page.mouse.move(box.x + box.width / 2 - 150, y);
  await page.mouse.down();
  await page.mouse.move(0, y, { steps: 10 });
  await page.mouse.up();
  expect(await composerWidth(page)).toBeGreaterThanOrEqual(280);
  expect((await page.getByTestId("thread-title").boundingBox())!.width).toBeGreaterThanOrEqual(128);
  await expectNoHorizontalOverflow(page, "the widest workspace");

  // By keyboard: the arrow keys move the focused separator.
  await separator.focus();
  const widest = await width();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  const narrower = await width();
  expect(narrower).toBeLessThan(widest - 20);
  await page.keyboard.press("ArrowLeft");
  expect(await width()).toBeGreaterThan(narrower);
  const chosen = await width();

  // The inspector has its own width; the workspace's comes back with it, and after a reload.
  await page.getByTestId("inspector-toggle").click();
  await expect(page.getByRole("separator", { name: "Resize the inspector" })).toBeVisible();
  await expect.poll(width).not.toBeCloseTo(chosen, 0);
  await page.getByTestId("inspector-panel").getByRole("button", { name: "Close inspector" }).click();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  await expect.poll(async () => Math.abs((await width()) - chosen)).toBeLessThanOrEqual(2);
  await page.reload();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  await expect.poll(async () => Math.abs((await width()) - chosen)).toBeLessThanOrEqual(2);

  // Dragged shut: the panel closes and its switch says so.
  const edge = (await separator.boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(1439, y, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
  await expect(page.getByTestId("workspace-toggle")).toHaveAttribute("aria-pressed", "false");
  await expect(separator).toBeHidden();
});
