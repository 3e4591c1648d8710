import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { createThread, messages, openThread } from "./support/chat-page";

// Issue 42 item 2: the composer never locks. While a reply is written (in this tab or another) the
// person types on; Enter queues the message for when the reply ends (shown, cancellable, editable,
// kept across a reload), Alt+Enter or "Stop and send" stops the reply and sends it. "Jump to latest"
// shows while the reader is scrolled up during a reply. `long <n>` streams n lines slowly.

const lastAssistant = (page: Page) => messages(page, "assistant").last();

type Stored = { role: string; text: string; status: string };
async function stored(page: Page, id: string): Promise<Stored[]> {
  const body = await (await page.request.get(`/api/threads/${id}/messages?limit=50`)).json();
  return (body.messages as Stored[]).map(({ role, text, status }) => ({ role, text, status }));
}

/** Each stored message's role and status, oldest first. */
const statuses = async (page: Page, id: string) => (await stored(page, id)).map((m) => [m.role, m.status]);

async function startLongReply(page: Page, lines: number) {
  const composer = page.getByTestId("composer");
  await composer.fill(`long ${lines}`);
  await composer.press("Enter");
  // Generous: on a loaded machine the first lines can take a while.
  await expect(lastAssistant(page)).toContainText("Line 3 of", { timeout: 30_000 });
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "streaming");
}

test("type while a reply streams; Enter queues it, a reload keeps it, and it is sent when the reply ends", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await createThread(page);
  // Long enough to be still streaming after the reload below on a loaded machine: with 120 lines
  // (about 8 s) a CI run under load saw the reply end, and the queue go out, before the reload.
  await startLongReply(page, 300);

  const composer = page.getByTestId("composer");
  await expect(composer).toBeEnabled();
  await expect(composer).toBeFocused();
  await composer.pressSequentially("and then summarise");
  await expect(page.getByTestId("queue")).toBeVisible();
  await composer.press("Enter");
  const card = page.getByTestId("queued-message");
  await expect(card).toContainText("Queued: sent when the reply ends");
  await expect(page.getByTestId("queued-text")).toHaveText("and then summarise");
  await expect(composer).toHaveValue("");
  // A second message while it waits joins it: one queued message, sent as one.
  await composer.fill("in one line");
  await composer.press("Enter");
  await expect(page.getByTestId("queued-text")).toHaveText("and then summarise\n\nin one line");
  expect((await stored(page, id)).map((m) => m.role)).toEqual(["user", "assistant"]);

  // The queue lives in the tab's storage: a reload mid-reply loses nothing.
  await page.reload();
  await expect(page.getByTestId("queued-text")).toHaveText("and then summarise\n\nin one line");
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "streaming");

  await expect(messages(page, "user").last()).toContainText("in one line", { timeout: 90_000 });
  await expect(card).toBeHidden();
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  // The reply's stream reaches the page and the database side by side (lib/chat/turn.ts tees it),
  // so the stored row can still read "streaming" for a moment after the page shows the end: a CI
  // run read it in that moment.
  await expect
    .poll(() => statuses(page, id))
    .toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
  const transcript = await stored(page, id);
  expect(transcript[1].text).toContain("Line 300 of 300.");
  expect(transcript[2].text).toBe("and then summarise\n\nin one line");
  await expect(page.getByTestId("send")).toBeVisible();
});

test("a queued message can be cancelled (button or Esc) or taken back to edit; nothing is sent", async ({ page }) => {
  const id = await createThread(page);
  await startLongReply(page, 400);
  const composer = page.getByTestId("composer");
  const card = page.getByTestId("queued-message");

  await composer.fill("first thought");
  await composer.press("Enter");
  await page.getByTestId("queued-cancel").click();
  await expect(card).toBeHidden();
  await expect(composer).toBeFocused();

  await composer.fill("second thought");
  await composer.press("Enter");
  await expect(card).toBeVisible();
  await composer.press("Escape");
  await expect(card).toBeHidden();

  await composer.fill("third thought");
  await composer.press("Enter");
  await composer.fill("typed after");
  await page.getByTestId("queued-edit").click();
  await expect(card).toBeHidden();
  await expect(composer).toHaveValue("third thought\n\ntyped after");
  await expect(composer).toBeFocused();

  await page.getByTestId("stop").click();
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "stopped", { timeout: 15_000 });
  await expect(page.getByTestId("send")).toBeVisible();
  await page.waitForTimeout(1_500); // long enough for a queued message to have gone out
  expect((await stored(page, id)).map((m) => m.role)).toEqual(["user", "assistant"]);
  await expect(composer).toHaveValue("third thought\n\ntyped after");
});

test("stop and send: Alt+Enter, or the queued message's button, stops the reply and sends at once", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await createThread(page);
  await startLongReply(page, 600);
  const composer = page.getByTestId("composer");

  await composer.fill("stop, do this instead");
  await composer.press("Alt+Enter");
  // The card may show "stopping…" for only a moment before the message goes: what is stored says
  // the reply stopped and the message went at once (below).
  await expect(messages(page, "user").last()).toContainText("stop, do this instead", { timeout: 15_000 });
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });

  await startLongReply(page, 600);
  await composer.fill("and this one");
  await composer.press("Enter");
  await page.getByTestId("queued-send-now").click();
  await expect(messages(page, "user").last()).toContainText("and this one", { timeout: 15_000 });
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 15_000 });

  // Polled, as in the first test: the stored row can trail the page by a moment.
  await expect
    .poll(() => statuses(page, id))
    .toEqual([
      ["user", "complete"],
      ["assistant", "stopped"],
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "stopped"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
  const transcript = await stored(page, id);
  expect(transcript[1].text).not.toContain("Line 600 of 600.");
  expect(transcript[2].text).toBe("stop, do this instead");
  expect(transcript[6].text).toBe("and this one");
});

test("two tabs: the other tab never locks; both queue, one stops and sends, each message goes once", async ({ page, context }) => {
  test.setTimeout(120_000);
  const id = await createThread(page);
  const other = await context.newPage();
  await other.goto(`/t/${id}`);
  await expect(other.getByTestId("composer")).toBeEnabled();

  await startLongReply(page, 600);
  await expect(lastAssistant(other)).toHaveAttribute("data-status", "streaming", { timeout: 10_000 });
  await expect(other.getByTestId("stop")).toBeVisible();
  const otherComposer = other.getByTestId("composer");
  await expect(otherComposer).toBeEnabled();
  await otherComposer.fill("from the other tab");
  await otherComposer.press("Enter");
  await expect(other.getByTestId("queued-text")).toHaveText("from the other tab");

  await page.getByTestId("composer").fill("from the first tab");
  await page.getByTestId("composer").press("Enter");
  await expect(page.getByTestId("queued-text")).toHaveText("from the first tab");

  // The tab that is not streaming stops the reply; then both queued messages go, one turn each.
  await other.getByTestId("queued-send-now").click();
  await expect(lastAssistant(page)).not.toHaveAttribute("data-status", "streaming", { timeout: 15_000 });
  await expect(page.getByTestId("queued-message")).toBeHidden({ timeout: 30_000 });
  await expect(other.getByTestId("queued-message")).toBeHidden({ timeout: 30_000 });
  await expect
    .poll(async () => (await stored(page, id)).map((m) => `${m.role}:${m.status}`), { timeout: 30_000 })
    .toEqual(["user:complete", "assistant:stopped", "user:complete", "assistant:complete", "user:complete", "assistant:complete"]);
  const sent = (await stored(page, id)).filter((m) => m.role === "user").map((m) => m.text);
  expect(sent[0]).toBe("long 600");
  expect(sent.slice(1).sort()).toEqual(["from the first tab", "from the other tab"]);
});

/** How far the transcript is from its end, in pixels. */
const distanceFromEnd = (page: Page) =>
  page.getByTestId("transcript").evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

test("Jump to latest shows while the reader is scrolled up during a reply, and takes them back to where the list follows it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 700 });
  await createThread(page);
  await startLongReply(page, 600);
  const transcript = page.getByTestId("transcript");
  const jump = page.getByTestId("jump-to-latest");
  // At the end the list follows the reply: no button.
  await expect(lastAssistant(page)).toContainText("Line 40 of", { timeout: 30_000 });
  await expect(jump).toBeHidden();

  // Scrolled up, the reader stays where they are while the reply grows, and the button shows.
  await transcript.hover();
  await page.mouse.wheel(0, -400);
  await expect(jump).toBeVisible();
  const before = await distanceFromEnd(page);
  await expect.poll(() => distanceFromEnd(page), { timeout: 10_000 }).toBeGreaterThan(before + 50);
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "streaming");

  // The button takes them back to the end, focus in the conversation, and the list follows again.
  await jump.click();
  await expect(jump).toBeHidden();
  await expect(transcript).toBeFocused();
  await expect.poll(() => distanceFromEnd(page), { timeout: 5_000 }).toBeLessThan(96);
  await page.waitForTimeout(1_000);
  expect(await distanceFromEnd(page)).toBeLessThan(96);

  // By keyboard: Tab order reaches it from the composer's side too (Shift+Tab from the list).
  await transcript.hover();
  await page.mouse.wheel(0, -400);
  await expect(jump).toBeVisible();
  await transcript.focus();
  await page.keyboard.press("Shift+Tab");
  await expect(jump).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(jump).toBeHidden();
  await expect.poll(() => distanceFromEnd(page), { timeout: 5_000 }).toBeLessThan(96);
  await page.getByTestId("stop").click();
});

for (const width of [390, 1440]) {
  for (const dark of [false, true]) {
    test(`axe finds nothing in the composer with a queued message and Jump to latest at ${width} px, ${dark ? "dark" : "light"}`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        viewport: { width, height: width < 768 ? 844 : 900 },
        colorScheme: dark ? "dark" : "light",
      });
      const page = await context.newPage();
      // Through the API: on a phone the New chat button is in the drawer.
      await page.goto("/");
      const res = await page.request.post("/api/threads");
      expect(res.status()).toBe(201);
      await openThread(page, ((await res.json()) as { id: string }).id);
      await startLongReply(page, 600);
      // Enough lines that the list can scroll up.
      await expect(lastAssistant(page)).toContainText("Line 40 of", { timeout: 30_000 });
      const composer = page.getByTestId("composer");
      await composer.fill("then check the plan");
      await composer.press("Enter");
      await expect(page.getByTestId("queued-message")).toBeVisible();
      await page.getByTestId("transcript").hover();
      await page.mouse.wheel(0, -400);
      await expect(page.getByTestId("jump-to-latest")).toBeVisible();
      const found = await axeViolations(page, "queued");
      await page.screenshot({ path: test.info().outputPath(`queued-${width}-${dark ? "dark" : "light"}.png`) });
      expect(found).toEqual([]);
      await page.getByTestId("stop").click();
      await context.close();
    });
  }
}
