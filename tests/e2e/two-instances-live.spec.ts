import { expect, test, type Browser, type Page } from "@playwright/test";
import { createThread, messages, send } from "./support/chat-page";

// Two browser contexts of one person, each on its own app instance (both on one PostgreSQL
// database; with TEST_REDIS_URL also on one Redis): what happens in one shows in the other through
// the thread's live feed, via Redis pub/sub or, without it, the database change log.

const [A, B] = (process.env.E2E_INSTANCE_URLS ?? "").split(",");

/** The person on instance A with a new thread, and the same person on instance B with it open. */
async function twoInstances(browser: Browser): Promise<{ pageA: Page; pageB: Page; id: string; close: () => Promise<void> }> {
  const ctxA = await browser.newContext({ baseURL: A });
  const pageA = await ctxA.newPage();
  const id = await createThread(pageA);
  // Cookies belong to the host, not the port: instance B gets the same session.
  const ctxB = await browser.newContext({ baseURL: B, storageState: await ctxA.storageState() });
  const pageB = await ctxB.newPage();
  const feedOpen = pageB.waitForResponse((r) => r.url().includes(`/api/threads/${id}/events`));
  await pageB.goto(`/t/${id}`);
  await expect(pageB.getByTestId("composer")).toBeEnabled();
  await feedOpen;
  return { pageA, pageB, id, close: async () => void (await Promise.all([ctxA.close(), ctxB.close()])) };
}

test("a message sent on one instance appears on the other in under a second, and its reply follows", async ({ browser }) => {
  const { pageA, pageB, close } = await twoInstances(browser);
  const composer = pageA.getByTestId("composer");
  // The first turn on a fresh server also loads the model code (a cold start, not the feed): once, then timed.
  for (const [i, text] of ["Hello from instance A", "Second message from A"].entries()) {
    await composer.fill(text);
    // Timed from the moment instance A has stored the message (its answer to the send begins).
    const stored = pageA.waitForResponse((r) => new URL(r.url()).pathname === "/api/chat");
    await composer.press("Enter");
    await stored;
    const storedAt = Date.now();
    await expect(messages(pageB, "user").last()).toContainText(text, { timeout: i === 0 ? 10_000 : 1_000 });
    console.log(`[live] message ${i + 1} visible on the other instance ${Date.now() - storedAt} ms after it was stored`);
    const replyA = messages(pageA, "assistant").last();
    await expect(replyA).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    const replyB = messages(pageB, "assistant").last();
    await expect(replyB).toHaveAttribute("data-message-id", (await replyA.getAttribute("data-message-id"))!);
    await expect(replyB).toHaveAttribute("data-status", "complete");
    await expect(replyB).toContainText(`You said: "${text}"`);
    await expect(composer).toBeEnabled();
  }
  await close();
});

test("a file saved in the workspace panel on one instance appears on the other, and so does its next version", async ({ browser }) => {
  const { pageA, pageB, close } = await twoInstances(browser);
  // A thread without files starts with the panel closed; on B it opens with the first file.
  await expect(pageB.getByTestId("workspace-panel")).toBeHidden();
  await pageA.getByTestId("workspace-toggle").click();
  await pageA.getByTestId("file-new").click();
  await pageA.getByTestId("file-new-form-input").fill("live/plan.md");
  await pageA.getByTestId("file-new-form-input").press("Enter");
  await expect(pageA.getByTestId("file-path")).toHaveText("live/plan.md");
  const editorA = pageA.getByTestId("file-editor");
  await editorA.locator(".cm-content").click();
  await pageA.keyboard.type("First line from A");
  await pageA.keyboard.press("ControlOrMeta+s");
  await expect(pageA.getByTestId("file-unsaved")).toBeHidden();

  const itemB = pageB.locator('[data-testid="file-item"][data-path="live/plan.md"]');
  await expect(itemB).toBeVisible({ timeout: 2_000 });
  await itemB.click();
  await expect(pageB.getByTestId("file-editor")).toContainText("First line from A");

  // B has the file open, unedited: A's next save replaces what B shows.
  await editorA.locator(".cm-line", { hasText: "First line from A" }).click();
  await pageA.keyboard.press("End");
  await pageA.keyboard.type(", then more");
  await pageA.keyboard.press("ControlOrMeta+s");
  await expect(pageA.getByTestId("file-unsaved")).toBeHidden();
  await expect(pageB.getByTestId("file-editor")).toContainText("First line from A, then more", { timeout: 2_000 });
  await close();
});

test("a compaction started on one instance shows its progress and its receipt on the other", async ({ browser }) => {
  test.setTimeout(180_000);
  const { pageA, pageB, id, close } = await twoInstances(browser);
  const running = pageB.getByTestId("compaction-running");
  let sawRunning = false;
  void running.waitFor({ state: "visible", timeout: 150_000 }).then(
    () => (sawRunning = true),
    () => undefined,
  );

  // Long messages from A until the e2e thresholds (COMPACT_AT_INPUT_TOKENS=1500) start a compaction.
  const filler = (topic: string) => Array.from({ length: 40 }, (_, i) => `Step ${i}: update src/${topic}/part${i}.ts.`).join(" ");
  for (const topic of ["api", "jobs", "cli", "docs", "tests", "ui"]) {
    await send(pageA, filler(topic));
    const ctx = await (await pageA.request.get(`/api/threads/${id}/context`)).json();
    if (ctx.summary || ctx.compaction.running) break;
  }
  const marker = pageB.getByTestId("summary-marker");
  await expect(marker).toHaveCount(1, { timeout: 60_000 });
  expect(sawRunning).toBe(true);
  await expect(running).toBeHidden();
  await marker.getByRole("button").click();
  await expect(pageB.getByTestId("summary-receipt")).toContainText("The summary keeps the");
  await close();
});

test("versions flipped on one instance while the other sends: both tabs end on the same whole path", async ({ browser }) => {
  const { pageA, pageB, id, close } = await twoInstances(browser);
  await send(pageA, "first question");
  const replyA = messages(pageA, "assistant").last();
  const firstReply = (await replyA.getAttribute("data-message-id"))!;
  await replyA.hover();
  await replyA.getByTestId("regenerate").click();
  await expect(replyA.getByTestId("version-position")).toHaveText("2 / 2", { timeout: 30_000 });
  await expect(messages(pageB, "assistant").last().getByTestId("version-position")).toHaveText("2 / 2");

  // A flips to the first reply through its API while B sends a message: the row lock orders them.
  const [flip] = await Promise.all([
    pageA.request.post(`/api/threads/${id}/messages/${firstReply}/show`, { headers: { origin: A } }),
    (async () => {
      await pageB.getByTestId("composer").fill("second question from B");
      await pageB.getByTestId("composer").press("Enter");
    })(),
  ]);
  expect([200, 409]).toContain(flip.status());
  await expect(messages(pageB, "user").last()).toContainText("second question from B", { timeout: 30_000 });
  await expect(messages(pageB, "assistant").last()).toContainText("second question from B", { timeout: 30_000 });
  // Both instances show one and the same path, the one stored.
  const shown = (page: Page) =>
    page.locator('[data-testid="message"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-message-id")));
  const stored = async () =>
    ((await (await pageA.request.get(`/api/threads/${id}/messages?limit=50`)).json()) as { messages: { id: string }[] }).messages.map(
      (m) => m.id,
    );
  await expect
    .poll(async () => JSON.stringify([await shown(pageA), await shown(pageB)]), { timeout: 15_000 })
    .toBe(JSON.stringify([await stored(), await stored()]));
  // The flip is answered first (B is still typing): B's question follows the first reply.
  expect(await stored()).toHaveLength(4);
  if (flip.status() === 200) expect((await stored())[1]).toBe(firstReply);
  await close();
});
