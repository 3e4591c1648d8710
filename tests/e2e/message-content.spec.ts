import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeAudit } from "./support/axe";
import { SHOWCASE, SHOWCASE_CODE, SHOWCASE_TRIGGER } from "../support/markdown-showcase";
import { createThread, messages, openThread, send } from "./support/chat-page";

// What a reply shows: a reply with every markdown construct the renderer supports (scripted in
// tests/support/markdown-showcase.ts) passes axe at both widths in both themes; messages and code
// blocks copy with a confirmation; long code lines wrap or scroll by a remembered choice, drawn
// before hydration; images keep their own size and open full size; focus returns after dialogs.

type Owner = Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>>;
let owner: Owner;
let threadId = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  threadId = await createThread(page);
  // An action, so the thread header offers the actions dialog.
  await send(page, ["email me@example.com", "subject: Weekly report", "```", "# Week 48", "```"].join("\n"));
  await send(page, SHOWCASE_TRIGGER);
  owner = await page.context().storageState();
  await page.close();
});

async function ownerPage(browser: Browser, width: number, dark = false, permissions: string[] = []) {
  const context = await browser.newContext({
    storageState: owner,
    viewport: { width, height: width < 768 ? 844 : 900 },
    colorScheme: dark ? "dark" : "light",
    permissions,
  });
  return context.newPage();
}

const reply = (page: Page) => messages(page, "assistant").last();

async function openShowcase(page: Page) {
  await openThread(page, threadId);
  await expect(reply(page).getByRole("heading", { name: "Heading four" })).toBeVisible();
  // Colours arrive after hydration (the highlighter loads on demand); axe reads them as painted.
  await expect(reply(page).locator("code.hljs")).toHaveCount(1);
}

type Found = { state: string; rule: string; targets: string[] };

async function audit(page: Page, state: string, found: Found[]) {
  for (const v of await axeAudit(page)) found.push({ state, rule: v.id, targets: v.nodes.slice(0, 4).map((n) => n.target.join(" ")) });
}

for (const dark of [false, true]) {
  for (const width of [1440, 390]) {
    test(`a reply with every markdown construct has no axe violations: ${dark ? "dark" : "light"}, ${width} px`, async ({ browser }) => {
      test.setTimeout(180_000);
      const page = await ownerPage(browser, width, dark);
      const found: Found[] = [];
      await openShowcase(page);
      // axe judges what is on screen: the reply's top, then its bottom.
      await reply(page).getByRole("heading", { name: "Heading one" }).scrollIntoViewIfNeeded();
      await audit(page, "reply, top", found);
      await reply(page).getByRole("table").scrollIntoViewIfNeeded();
      await audit(page, "reply, table and code", found);
      await page.screenshot({ path: test.info().outputPath("table-and-code.png") });
      await reply(page).getByTestId("message-image").last().scrollIntoViewIfNeeded();
      await audit(page, "reply, images", found);
      await page.screenshot({ path: test.info().outputPath("images.png") });
      await reply(page).getByTestId("code-block").first().getByRole("button", { name: "Wrap lines" }).click();
      await audit(page, "code wrapped", found);
      await reply(page).getByTestId("message-image").first().click();
      await expect(page.getByTestId("image-dialog")).toBeVisible();
      await audit(page, "image dialog", found);
      await page.screenshot({ path: test.info().outputPath("image-dialog.png") });
      await page.keyboard.press("Escape");
      expect(found).toEqual([]);
      await page.context().close();
    });
  }
}

test("Copy puts a code block's text and a message's markdown on the clipboard, and says so", async ({ browser }) => {
  const page = await ownerPage(browser, 1440, false, ["clipboard-read", "clipboard-write"]);
  await openShowcase(page);
  const block = reply(page).getByTestId("code-block").first();
  const copyCode = block.getByRole("button", { name: "Copy code" });
  await copyCode.click();
  await expect(block.getByRole("button", { name: "Copied" })).toBeVisible();
  await expect(block.getByRole("status")).toHaveText("Copied to the clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SHOWCASE_CODE);
  // The confirmation is a moment's: the button offers Copy again.
  await expect(copyCode).toBeVisible({ timeout: 5_000 });

  // By keyboard, from the message's header.
  await reply(page).getByTestId("copy-message").focus();
  await page.keyboard.press("Enter");
  await expect(reply(page).getByTestId("copy-message")).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.endsWith(SHOWCASE)).toBe(true);
  expect(copied).not.toContain("Copied");
});

test("long code lines scroll, or wrap once chosen; the choice survives a reload and is drawn before hydration", async ({ browser }) => {
  const page = await ownerPage(browser, 390);
  // The server copy's block as first drawn (React reveals the streamed page a moment after it is
  // parsed), before the live chat replaces it.
  await page.addInitScript(() => {
    const look = () => {
      const pre = document.querySelector<HTMLElement>("[data-server-copy] [data-testid='code-block'] pre");
      if (pre && pre.offsetHeight > 0) {
        (window as unknown as { serverBlock: unknown }).serverBlock = {
          height: pre.offsetHeight,
          overflows: pre.scrollWidth > pre.clientWidth,
        };
      } else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await openShowcase(page);
  const pre = reply(page).getByTestId("code-block").first().locator("pre");
  const overflows = () => pre.evaluate((el) => el.scrollWidth > el.clientWidth);
  const height = () => pre.evaluate((el) => (el as HTMLElement).offsetHeight);
  const drawnByServer = async () => {
    await expect.poll(() => page.evaluate(() => "serverBlock" in window), { message: "the server copy was drawn" }).toBe(true);
    return page.evaluate(() => (window as unknown as { serverBlock: unknown }).serverBlock);
  };
  const wrap = reply(page).getByTestId("code-block").first().getByRole("button", { name: "Wrap lines" });
  await expect(wrap).toHaveAttribute("aria-pressed", "false");
  expect(await overflows()).toBe(true);
  expect(await drawnByServer()).toEqual({ height: await height(), overflows: true });
  // A block that scrolls can be reached and scrolled by keyboard.
  await pre.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => pre.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  await wrap.click();
  await expect(wrap).toHaveAttribute("aria-pressed", "true");
  expect(await overflows()).toBe(false);
  // Every block follows the one choice.
  await expect(reply(page).getByTestId("code-block").last().getByRole("button", { name: "Wrap lines" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await openShowcase(page);
  await expect(wrap).toHaveAttribute("aria-pressed", "true");
  expect(await overflows()).toBe(false);
  // The server's HTML had it wrapped already, at the height the live block has.
  expect(await drawnByServer()).toEqual({ height: await height(), overflows: false });

  await wrap.click();
  await openShowcase(page);
  await expect(wrap).toHaveAttribute("aria-pressed", "false");
  expect(await overflows()).toBe(true);
});

test("images keep their own size up to the column, on a light backdrop, and open full size", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const dark of [false, true]) {
    const page = await ownerPage(browser, 1440, dark);
    await openShowcase(page);
    const [icon, banner] = [reply(page).getByTestId("message-image").first(), reply(page).getByTestId("message-image").last()];
    const iconImg = icon.locator("img");
    await expect.poll(() => iconImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(150);
    const box = await iconImg.evaluate((img) => ({ width: img.clientWidth, background: getComputedStyle(img).backgroundColor }));
    // 150 px of image (plus the backdrop's padding in the dark theme), on white in both themes.
    expect(box.width).toBe(dark ? 158 : 150);
    expect(box.background).toBe("rgb(255, 255, 255)");
    const column = await reply(page)
      .locator("[data-md-key]")
      .evaluate((el) => el.clientWidth);
    const bannerImg = banner.locator("img");
    await expect.poll(() => bannerImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    expect(await bannerImg.evaluate((img) => img.getBoundingClientRect().width)).toBeLessThanOrEqual(column);

    // Full size, by keyboard; focus comes back to the image.
    await banner.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("image-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toHaveText("A wide banner");
    expect(await dialog.locator("img").evaluate((img) => img.getBoundingClientRect().width)).toBe(1600);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(banner).toBeFocused();
    await icon.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(icon).toBeFocused();
    await page.context().close();
  }
});

test("focus returns to the opener after every dialog, however it closes", async ({ browser }) => {
  const page = await ownerPage(browser, 1440);
  await openThread(page, threadId);
  const actions = page.getByTestId("actions-entry").filter({ visible: true });
  await actions.click();
  await expect(page.getByTestId("actions-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("actions-dialog")).toBeHidden();
  await expect(actions).toBeFocused();
  await actions.click();
  await page.getByTestId("actions-dialog").getByRole("button", { name: "Close", exact: true }).click();
  await expect(actions).toBeFocused();

  const item = page.locator(`[data-thread-id="${threadId}"]`);
  await item.hover();
  await item.getByTestId("delete-thread").click();
  const confirm = page.getByRole("dialog", { name: "Delete this chat?" });
  await expect(confirm).toBeVisible();
  await confirm.getByTestId("confirm-cancel").click();
  await expect(item.getByTestId("delete-thread")).toBeFocused();

  await page.getByTestId("shortcuts-button").filter({ visible: true }).click();
  await expect(page.getByTestId("shortcut-help")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcut-help")).toBeHidden();
  await expect(page.getByTestId("shortcuts-button").filter({ visible: true })).toBeFocused();
});
