import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { messages, openThread } from "./support/chat-page";

// A paste past MAX_MESSAGE_CHARS (100,000 here) is never a dead end: the composer says how long it
// is and what fits before anything is sent, sends nothing by Enter or button, and offers to attach
// it as a text file, which keeps every character; an edit past the cap says so and cannot be saved.

const MAX = 100_000;
/** A pasted log: 3,300 lines, 107,789 characters. */
const LOG = Array.from({ length: 3_300 }, (_, i) => `12:${String(i % 60).padStart(2, "0")} worker ${i} done, 0 errors`).join("\n");
const n = (value: number) => value.toLocaleString("en-US");

/**
 * Puts `text` in a text field in one input event, as a paste does. Playwright's fill inserts it as
 * typed text: 18 s for these 107,789 characters in a bare textarea, 25 s in the composer.
 */
async function paste(field: Locator, text: string) {
  await field.evaluate((el: HTMLTextAreaElement, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }, text);
}

async function audit(page: Page, state: string) {
  const found = await axeViolations(page, state);
  expect(found, found.join("\n")).toEqual([]);
}

for (const [width, dark] of [
  [390, false],
  [1440, true],
] as const) {
  test(`an overlong draft says so, sends nothing and goes as a text file; an overlong edit cannot be saved: ${width} px, ${dark ? "dark" : "light"}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    expect(LOG.length).toBeGreaterThan(MAX);
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      colorScheme: dark ? "dark" : "light",
    });
    const page = await context.newPage();
    const made = await page.request.post("/api/threads", { data: {} });
    const threadId = ((await made.json()) as { id: string }).id;
    await openThread(page, threadId);
    const chatPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/chat") chatPosts.push(r.url());
    });

    const composer = page.getByTestId("composer");
    await expect(composer).toBeEnabled();
    await paste(composer, LOG);
    const notice = page.getByTestId("overlong-draft");
    await expect(notice).toContainText(`Too long to send as one message: ${n(LOG.length)} characters, at most ${n(MAX)}.`);
    await expect(composer).toHaveAttribute("aria-invalid", "true");
    await expect(composer).toHaveAttribute("aria-describedby", (await notice.getAttribute("id"))!);
    await expect(page.getByTestId("send")).toBeDisabled();
    await composer.press("Enter");
    await composer.press("Alt+Enter");
    await expect(composer).toHaveValue(LOG);
    await audit(page, `overlong draft, ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`overlong-draft-${width}.png`) });

    // One character back under the cap and the notice goes; past it again, it returns.
    await paste(composer, LOG.slice(0, MAX));
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId("send")).toBeEnabled();
    await paste(composer, LOG);

    // Attached as a file, by keyboard: the draft empties once the file is in, and the file holds it all.
    await page.getByTestId("attach-draft").focus();
    await page.keyboard.press("Enter");
    const chip = page.getByTestId("attachment-chip").filter({ hasText: "pasted-text.txt" });
    await expect(chip.getByText("uploaded")).toBeAttached();
    await expect(composer).toHaveValue("");
    await expect(composer).toBeFocused();
    await expect(notice).toHaveCount(0);
    expect(chatPosts).toEqual([]);

    await composer.fill("Count the workers in the attached log");
    await composer.press("Enter");
    const sent = messages(page, "user").last();
    const file = sent.getByTestId("attachment-file").filter({ hasText: "pasted-text.txt" });
    await expect(file).toBeVisible();
    expect(await (await page.request.get((await file.getAttribute("href"))!)).text()).toBe(LOG);
    await expect(messages(page, "assistant").last()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
    expect(chatPosts).toHaveLength(1);

    // Editing that message past the cap: the same words, no attach offer, Save disabled.
    await sent.hover();
    await sent.getByTestId("edit-message").click();
    const input = page.getByTestId("edit-input");
    await paste(input, LOG);
    const editNotice = sent.getByTestId("overlong-draft");
    await expect(editNotice).toContainText(`${n(LOG.length)} characters, at most ${n(MAX)}. Shorten it to save.`);
    await expect(editNotice.getByTestId("attach-draft")).toHaveCount(0);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("edit-save")).toBeDisabled();
    await input.press("Enter");
    await expect(input).toHaveValue(LOG);
    await audit(page, `overlong edit, ${width} px`);
    await input.press("Escape");
    await expect(input).toHaveCount(0);
    await context.close();
  });
}
