import { expect, test, type Page } from "@playwright/test";
import { createThread, messages } from "./support/chat-page";

// Issue 8, the page's side: a reply row stored from its first token ("streaming"), one turn at a
// time per thread, and a page that follows a reply it is not streaming itself. These need the
// turn runner's server side (reply row at start, 409 turn_in_progress, POST .../turn/stop).
// `long <n>` streams n numbered lines slowly (lib/ai/offline/README.md).

const lastAssistant = (page: Page) => messages(page, "assistant").last();

async function sendText(page: Page, text: string) {
  const composer = page.getByTestId("composer");
  await expect(composer).toBeEnabled();
  await composer.fill(text);
  await composer.press("Enter");
}

test("a reload mid-reply shows the partial reply, then follows it to the end", async ({ page }) => {
  await createThread(page);
  await sendText(page, "long 300");
  await expect(lastAssistant(page)).toContainText("Line 10 of 300.");

  await page.reload();
  const reply = lastAssistant(page);
  // The stored partial row, rendered as it stood, still being written.
  await expect(reply).toHaveAttribute("data-status", "streaming");
  await expect(reply).toContainText("Line 1 of 300.");
  expect(await reply.textContent()).not.toContain("Line 300 of 300.");
  // The reply runs, so sending queues; the composer never locks (composer-queue.spec.ts).
  await expect(page.getByTestId("queue")).toBeVisible();
  await expect(page.getByTestId("stop")).toBeVisible();

  // Followed to the end without another reload.
  await expect(reply).toContainText("Line 300 of 300.", { timeout: 45_000 });
  await expect(reply).toHaveAttribute("data-status", "complete");
  await expect(page.getByTestId("send")).toBeVisible();
});

test("two tabs on one thread: one turn at a time, the other tab waits and can stop it", async ({ page, context }) => {
  const id = await createThread(page);
  const other = await context.newPage();
  await other.goto(`/t/${id}`);
  await expect(other.getByTestId("composer")).toBeEnabled();

  await sendText(page, "long 400");
  await expect(lastAssistant(page)).toContainText("Line 3 of 400.");

  // The server refuses a second turn while one runs, from any client.
  const refused = await other.request.post("/api/chat", {
    data: { id, message: { role: "user", parts: [{ type: "text", text: "me too" }] } },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe("turn_in_progress");

  // The other tab learns about the running turn on its own: sending queues, the reply is followed.
  await expect(other.getByTestId("queue")).toBeVisible({ timeout: 10_000 });
  await expect(lastAssistant(other)).toHaveAttribute("data-status", "streaming");
  await expect(lastAssistant(other)).toContainText("Line 1 of 400.");

  // Stop works from the tab that is not streaming.
  await other.getByTestId("stop").click();
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "stopped", { timeout: 15_000 });
  await expect(lastAssistant(other)).toHaveAttribute("data-status", "stopped", { timeout: 15_000 });
  await expect(other.getByTestId("send")).toBeVisible();
  await expect(page.getByTestId("send")).toBeVisible();

  // The transcript alternates: the refused message was never stored.
  const stored = (await (await page.request.get(`/api/threads/${id}/messages?limit=50`)).json()).messages as Array<{ role: string }>;
  expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
});

test("a send refused because another tab's reply runs says so, queues the text and sends it when that reply ends", async ({
  page,
  context,
}) => {
  const id = await createThread(page);
  const other = await context.newPage();
  // This tab's live feed would tell it at once that a turn started (and disable its composer):
  // without the feed it learns only from the 409, the race this test is about.
  await other.route("**/api/threads/*/events**", (route) => route.abort());
  await other.goto(`/t/${id}`);
  await expect(other.getByTestId("composer")).toBeEnabled();
  await other.getByTestId("composer").fill("typed before the other tab sent");

  // Started through the API, so this tab has not heard of it when it sends.
  const running = page.request.post("/api/chat", { data: { id, message: { role: "user", parts: [{ type: "text", text: "long 300" }] } } });
  await expect
    .poll(async () => (await (await page.request.get(`/api/threads/${id}/messages?limit=1`)).json()).messages[0]?.status)
    .toBe("streaming");
  await other.getByTestId("composer").press("Enter");

  await expect(other.getByTestId("chat-notice")).toContainText("another tab");
  await expect(lastAssistant(other)).toHaveAttribute("data-status", "streaming");
  await expect(other.getByTestId("queued-text")).toHaveText("typed before the other tab sent");
  await (await running).text();
  // Without its feed the tab follows the stored reply by polling, and sends the text once it ends.
  await expect(messages(other, "user").last()).toContainText("typed before the other tab sent", { timeout: 30_000 });
  await expect(other.getByTestId("queued-message")).toBeHidden();
  const stored = (await (await page.request.get(`/api/threads/${id}/messages?limit=50`)).json()).messages as Array<{ text: string }>;
  expect(stored.map((m) => m.text).filter((t) => t === "typed before the other tab sent")).toHaveLength(1);
});
