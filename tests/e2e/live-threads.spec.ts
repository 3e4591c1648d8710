import { expect, test } from "@playwright/test";
import { createThread, messages, send } from "./support/chat-page";

// One server (SQLite), two tabs on one thread: every change reaches the other tab through the
// thread's live feed (GET /api/threads/:id/events), without a reload and without polling.

test("issue 20's repro: tab A streams a reply, tab B sends once it ends, and tab A shows B's message and reply", async ({ context }) => {
  test.setTimeout(180_000);
  const tabA = await context.newPage();
  const id = await createThread(tabA);
  await tabA.getByTestId("composer").fill("long 150");
  await tabA.getByTestId("composer").press("Enter");
  await expect(messages(tabA, "assistant").last()).toContainText("Line 3 of 150.");

  // Tab B opens the thread mid-reply and follows it as it streams.
  const tabB = await context.newPage();
  await tabB.goto(`/t/${id}`);
  const replyInB = messages(tabB, "assistant").last();
  await expect(replyInB).toContainText("Line ", { timeout: 5_000 });
  // The offline model paces `long` at 10 ms or more per word: 150 lines take 6 s or more idle, and
  // over 30 s on a loaded CI machine (seen: tab B had followed to line 133 of 150 at 30 s).
  await expect(replyInB).toContainText("Line 150 of 150.", { timeout: 90_000 });
  await expect(replyInB).toHaveAttribute("data-status", "complete");
  await expect(messages(tabA, "assistant").last()).toHaveAttribute("data-status", "complete");

  await send(tabB, "Hello from tab B");
  // Tab A never sent anything after its reply: only the feed can tell it.
  await expect(messages(tabA, "user").last()).toContainText("Hello from tab B", { timeout: 3_000 });
  await expect(messages(tabA, "assistant").last()).toHaveAttribute("data-status", "complete");
  await expect(messages(tabA, "assistant")).toHaveCount(2);
  // And A can go on: its composer knows the turn ended.
  await send(tabA, "And back from tab A");
  await expect(messages(tabB, "user").last()).toContainText("And back from tab A", { timeout: 3_000 });
});

test("the feed replaces polling: an idle thread makes no requests but its feed", async ({ page }) => {
  await createThread(page);
  await send(page, "one message");
  await page.waitForTimeout(1_000); // the settled turn's own refetches
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) requests.push(new URL(r.url()).pathname);
  });
  await page.waitForTimeout(6_000); // longer than every interval the page used to poll at (1 s, 3 s, 4 s)
  expect(requests).toEqual([]);
});
