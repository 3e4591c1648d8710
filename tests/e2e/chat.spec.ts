import { expect, test, type Locator, type Page } from "@playwright/test";

// The browser UI against the production server and the deterministic offline model.
// `long <n>` streams n numbered lines slowly; `fail` makes the model call fail.

async function createThread(page: Page): Promise<string> {
  await page.goto("/");
  await page.getByTestId("new-thread").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("composer")).toBeEnabled();
  return id;
}

async function send(page: Page, text: string) {
  const composer = page.getByTestId("composer");
  await expect(composer).toBeEnabled();
  await composer.fill(text);
  await composer.press("Enter");
}

const messages = (page: Page, role: "user" | "assistant") => page.locator(`[data-testid="message"][data-role="${role}"]`);
const lastAssistant = (page: Page): Locator => messages(page, "assistant").last();
const threadLink = (page: Page, id: string) =>
  page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`).getByTestId("thread-link");

/** Stores `count` turns "note 01", "note 02", … through the API, faster than typing them. */
async function seedNotes(page: Page, id: string, count: number) {
  // page.request shares the browser's session cookie.
  for (let i = 1; i <= count; i++) {
    const res = await page.request.post("/api/chat", {
      data: { id, message: { role: "user", parts: [{ type: "text", text: `note ${String(i).padStart(2, "0")}` }] } },
    });
    expect(res.status()).toBe(200);
    await res.text();
  }
  await expect
    .poll(async () => (await (await page.request.get(`/api/threads/${id}/messages?limit=1`)).json()).messages[0]?.role)
    .toBe("assistant");
}

test("create a thread, watch a reply stream in, and find the transcript again after reload", async ({ page }) => {
  const id = await createThread(page);
  await expect(page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`)).toHaveAttribute("data-active", "true");
  await expect(page.getByTestId("model-name")).toHaveText("offline");

  await send(page, "long 80");
  await expect(messages(page, "user").last()).toContainText("long 80");
  const reply = lastAssistant(page);
  await expect(page.getByTestId("stop")).toBeVisible();
  // Sending while it streams queues the message (composer-queue.spec.ts).
  await expect(page.getByTestId("queue")).toBeVisible();

  // Incremental: an early line is on screen while the last one is not, then the text keeps growing.
  await expect(reply).toContainText("Line 5 of 80.");
  const early = (await reply.textContent()) ?? "";
  expect(early).not.toContain("Line 80 of 80.");
  await expect.poll(async () => ((await reply.textContent()) ?? "").length).toBeGreaterThan(early.length);

  await expect(reply).toContainText("Line 80 of 80.", { timeout: 30_000 });
  await expect(reply).toHaveAttribute("data-status", "complete");
  await expect(page.getByTestId("send")).toBeVisible();
  const replyId = await reply.getAttribute("data-message-id");

  // The model names the thread after the first exchange (the offline model: by what the message asks).
  await expect(page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`)).toContainText("80-line reply");

  await page.reload();
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(messages(page, "user").first()).toContainText("long 80");
  await expect(lastAssistant(page)).toContainText("Line 80 of 80.");
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete");
  await expect(lastAssistant(page)).toHaveAttribute("data-message-id", replyId!);
  expect(Number(await lastAssistant(page).getAttribute("data-tokens"))).toBeGreaterThan(0);
});

test("stopping a reply keeps the partial text, marked stopped, after reload", async ({ page }) => {
  await createThread(page);
  await send(page, "long 300");
  const reply = lastAssistant(page);
  await expect(reply).toContainText("Line 3 of 300.");
  await page.getByTestId("stop").click();

  await expect(reply).toHaveAttribute("data-status", "stopped");
  await expect(reply.getByTestId("message-stopped")).toBeVisible();
  await expect(page.getByTestId("send")).toBeVisible();
  const partial = (await reply.textContent()) ?? "";
  expect(partial).toContain("Line 3 of 300.");
  expect(partial).not.toContain("Line 300 of 300.");

  await page.reload();
  const stored = lastAssistant(page);
  await expect(stored).toHaveAttribute("data-status", "stopped");
  await expect(stored).toContainText("Line 3 of 300.");
  await expect(stored).not.toContainText("Line 300 of 300.");
  await expect(stored.getByTestId("message-stopped")).toBeVisible();
});

test("a failed model call shows the error in the transcript with a Retry button", async ({ page }) => {
  await createThread(page);
  await send(page, "fail");
  const reply = lastAssistant(page);
  await expect(reply).toHaveAttribute("data-status", "error");
  await expect(reply.getByTestId("message-error")).toContainText("failed on purpose");
  await expect(reply.getByTestId("retry")).toBeEnabled();
  // Shown once, in the transcript, not again as a banner.
  await expect(page.getByTestId("chat-error")).toHaveCount(0);
  const failedId = await reply.getAttribute("data-message-id");

  await page.reload();
  await expect(lastAssistant(page).getByTestId("message-error")).toContainText("failed on purpose");

  // Retry replaces the reply: the offline model fails again, as a new stored message.
  await lastAssistant(page).getByTestId("retry").click();
  await expect(lastAssistant(page)).not.toHaveAttribute("data-message-id", failedId!);
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "error");
  await expect(messages(page, "assistant")).toHaveCount(1);
  await expect(messages(page, "user")).toHaveCount(1);
});

test("a message the server rejects shows its reason and gives the text back", async ({ page }) => {
  await createThread(page);
  // The composer refuses an overlong draft itself (overlong-message.spec.ts); here the request is
  // made one character too long on its way, as a page that predates a lowered cap would send it.
  await page.route("**/api/chat", (route) => {
    const body = route.request().postDataJSON() as { message: { parts: { text: string }[] } };
    body.message.parts[0].text = "x".repeat(100_001);
    return route.continue({ postData: JSON.stringify(body) });
  });
  await send(page, "a short message");
  await expect(page.getByTestId("chat-error")).toContainText("This message is 100,001 characters; a message can be at most 100,000.");
  await expect(page.getByTestId("composer")).toHaveValue("a short message");
  await expect(page.getByTestId("message")).toHaveCount(0);
});

test("another browser session cannot see the thread: 404 from the API and a not-found page", async ({ page, browser, baseURL }) => {
  const id = await createThread(page);
  await send(page, "hello from the owner");
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete");

  const stranger = await browser.newContext({ baseURL });
  try {
    const strangerPage = await stranger.newPage();
    await strangerPage.goto("/");
    await expect(strangerPage.getByTestId("thread-item")).toHaveCount(0);
    const res = await stranger.request.get(`/api/threads/${id}`);
    expect(res.status()).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");

    await strangerPage.goto(`/t/${id}`);
    await expect(strangerPage.getByTestId("thread-not-found")).toBeVisible();
    await expect(strangerPage.getByTestId("message")).toHaveCount(0);
    await expect(strangerPage.getByText("hello from the owner")).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test("rename (Enter saves, Escape cancels) and delete a thread from the sidebar", async ({ page }) => {
  const id = await createThread(page);
  const item = page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`);

  await item.getByTestId("rename-thread").click();
  await item.getByTestId("rename-input").fill("Quarterly report");
  await item.getByTestId("rename-input").press("Enter");
  await expect(item).toContainText("Quarterly report");
  await expect(page.getByTestId("thread-title")).toHaveText("Quarterly report");

  await item.getByTestId("rename-thread").click();
  await item.getByTestId("rename-input").fill("Not this");
  await item.getByTestId("rename-input").press("Escape");
  await expect(item.getByTestId("rename-input")).toHaveCount(0);
  await expect(item).toContainText("Quarterly report");

  await page.reload();
  await expect(item).toContainText("Quarterly report");

  // The transcript has a confirmation dialog of its own, closed: the open one is the sidebar's.
  await item.getByTestId("delete-thread").click();
  await page.getByRole("dialog").getByTestId("confirm-cancel").click();
  await expect(item).toBeVisible();

  await item.getByTestId("delete-thread").click();
  await page.getByRole("dialog").getByTestId("confirm-accept").click();
  await expect(item).toHaveCount(0);
  await page.waitForURL((url) => url.pathname === "/");
  await page.reload();
  await expect(page.locator(`[data-testid="thread-item"][data-thread-id="${id}"]`)).toHaveCount(0);
  expect((await page.request.get(`/api/threads/${id}`)).status()).toBe(404);
});

test("a long transcript loads older pages when scrolled to the top", async ({ page }) => {
  test.setTimeout(180_000);
  const id = await createThread(page);
  // 26 turns = 52 messages: more than one page.
  await seedNotes(page, id, 26);

  await page.reload();
  const transcript = page.getByTestId("transcript");
  const note = (n: string) => transcript.getByText(`note ${n}`, { exact: true });
  await expect(note("26")).toBeInViewport();
  await expect(note("01")).toHaveCount(0);

  // The newest page (40 messages) starts at "note 07". Reaching the top loads the page before it
  // above the reader, who keeps looking at the same message instead of being thrown around.
  await transcript.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(note("07")).toBeInViewport();
  await expect.poll(() => transcript.evaluate((el) => el.scrollTop)).toBeGreaterThan(200);
  await expect(note("07")).toBeInViewport();

  await transcript.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(note("01")).toBeInViewport();
});

test("an inline edit keeps its draft when its row scrolls out of view and back", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await createThread(page);
  // 32 messages, one page: far more than the rows kept mounted around the viewport.
  await seedNotes(page, id, 16);
  await page.reload();

  const transcript = page.getByTestId("transcript");
  await transcript.evaluate((el) => el.scrollTo({ top: 0 }));
  const first = messages(page, "user").first();
  await expect(first).toContainText("note 01");
  const firstId = (await first.getAttribute("data-message-id"))!;
  await first.hover();
  await first.getByTestId("edit-message").click();
  const input = page.getByTestId("edit-input");
  await expect(input).toBeFocused();
  await input.fill("note 01, revised but not saved yet");

  // At the bottom the row is unmounted, editor and all.
  await transcript.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(transcript.getByText("note 16", { exact: true })).toBeInViewport();
  await expect(page.locator(`[data-testid="message"][data-message-id="${firstId}"]`)).toHaveCount(0);
  await expect(input).toHaveCount(0);

  // Back at the top the editor is open again with the draft, without snatching the focus.
  await transcript.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(input).toHaveValue("note 01, revised but not saved yet");
  await expect(input).not.toBeFocused();

  // It is still a working editor: Enter saves, and the edit replaces everything after it (asked first).
  await input.press("Enter");
  await expect(page.getByTestId("edit-confirm")).toBeVisible();
  await expect(page.getByTestId("edit-confirm")).toContainText("30 later messages");
  await page.getByTestId("edit-confirm").getByTestId("confirm-accept").click();
  await expect(input).toHaveCount(0);
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(messages(page, "user").first()).toContainText("note 01, revised but not saved yet");
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
});

test("each chat keeps its unsent composer draft across switching, until it is sent", async ({ page }) => {
  const first = await createThread(page);
  const composer = page.getByTestId("composer");
  await composer.fill("half a thought for the first chat");

  await page.getByTestId("new-thread").click();
  await page.waitForURL((url) => url.pathname.startsWith("/t/") && !url.pathname.endsWith(first));
  const second = new URL(page.url()).pathname.split("/").pop()!;
  await expect(composer).toBeEnabled();
  await expect(composer).toHaveValue("");
  await composer.fill("a draft for the second chat");

  await threadLink(page, first).click();
  await page.waitForURL(`**/t/${first}`);
  await expect(composer).toHaveValue("half a thought for the first chat");

  // Sending empties it for good: neither switching back nor a reload brings the sent text back.
  await composer.press("Enter");
  await expect(messages(page, "user").last()).toContainText("half a thought for the first chat");
  await expect(composer).toHaveValue("");
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });

  await threadLink(page, second).click();
  await page.waitForURL(`**/t/${second}`);
  await expect(composer).toHaveValue("a draft for the second chat");

  await threadLink(page, first).click();
  await page.waitForURL(`**/t/${first}`);
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(composer).toBeEnabled();
  await expect(composer).toHaveValue("");
  await page.reload();
  await expect(composer).toBeEnabled();
  await expect(composer).toHaveValue("");
});

test("retrying a failed reply that is not the last asks first, saying how many messages go; the last retries at once", async ({ page }) => {
  await createThread(page);
  await send(page, "fail");
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "error");
  await send(page, "hello after the failure");
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });

  const failed = messages(page, "assistant").first();
  await expect(failed).toHaveAttribute("data-status", "error");
  const failedId = (await failed.getAttribute("data-message-id"))!;
  const dialog = page.getByTestId("retry-confirm");

  // Escape changes nothing, and the keyboard lands back on Retry.
  await failed.getByTestId("retry").click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("2 later messages");
  await expect(dialog.getByTestId("confirm-cancel")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(failed.getByTestId("retry")).toBeFocused();
  await expect(page.getByTestId("message")).toHaveCount(4);

  await failed.getByTestId("retry").click();
  await dialog.getByTestId("confirm-accept").click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid="message"][data-message-id="${failedId}"]`)).toHaveCount(0);
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "error");
  await expect(page.getByText("hello after the failure")).toHaveCount(0);
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(messages(page, "assistant")).toHaveCount(1);

  // Now it is the last message: one click, no question.
  const lastFailedId = (await lastAssistant(page).getAttribute("data-message-id"))!;
  await lastAssistant(page).getByTestId("retry").click();
  await expect(dialog).toBeHidden();
  await expect(lastAssistant(page)).not.toHaveAttribute("data-message-id", lastFailedId);
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "error");
  await expect(messages(page, "assistant")).toHaveCount(1);

  await page.reload();
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(page.getByText("hello after the failure")).toHaveCount(0);
});

test("a user message renders its markdown like a reply, and Edit opens the text as typed", async ({ page }) => {
  await createThread(page);
  const typed = "Check **this** and `loadAccount`:\n\n```\nconst a = 1;\n```\n\n<img src=x onerror=alert(1)>";
  await send(page, typed);
  const mine = messages(page, "user").last();
  await expect(mine.locator("strong")).toHaveText("this");
  await expect(mine.locator("code").first()).toHaveText("loadAccount");
  await expect(mine.locator("pre")).toContainText("const a = 1;");
  await expect(mine).not.toContainText("```");
  await expect(mine).not.toContainText("**");
  // Raw HTML is not rendered (the same renderer as replies): no element, no handler.
  await expect(mine.locator("img")).toHaveCount(0);

  await mine.hover();
  await mine.getByTestId("edit-message").click();
  await expect(page.getByTestId("edit-input")).toHaveValue(typed);
});

test("every finished reply can be regenerated through the retry path; one in the middle asks first", async ({ page }) => {
  await createThread(page);
  await send(page, "first question");
  const firstId = (await lastAssistant(page).getAttribute("data-message-id"))!;
  // The last reply: one click, no question, a new reply in its place.
  await lastAssistant(page).hover();
  await lastAssistant(page).getByRole("button", { name: "Regenerate this reply" }).click();
  await expect(lastAssistant(page)).not.toHaveAttribute("data-message-id", firstId);
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(messages(page, "assistant")).toHaveCount(1);

  await send(page, "second question");
  const earlier = messages(page, "assistant").first();
  await earlier.hover();
  await earlier.getByTestId("regenerate").click();
  const dialog = page.getByTestId("retry-confirm");
  await expect(dialog).toContainText("2 later messages");
  await dialog.getByTestId("confirm-accept").click();
  await expect(page.getByText("second question")).toHaveCount(0);
  await expect(messages(page, "user")).toHaveCount(1);
  await expect(lastAssistant(page)).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
});
