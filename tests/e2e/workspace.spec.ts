import { expect, test, type Locator, type Page } from "@playwright/test";
import { createThread as newThread, messages, send } from "./support/chat-page";

// The workspace panel beside the chat, against the production server and the offline model:
// `write <path>` + a fenced block makes the agent call write_file, `read <path>` calls read_file.

const PLAN = "# Move callers\n- [ ] src/api/accounts.ts\n- [ ] src/jobs/reconcile.ts";
const fence = (content: string) => "```\n" + content + "\n```";

/** A new chat with its workspace panel opened by the person (a chat without files starts without it). */
async function createThread(page: Page): Promise<string> {
  const id = await newThread(page);
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
  await page.getByTestId("workspace-toggle").click();
  await expect(page.getByTestId("workspace-panel")).toBeVisible();
  return id;
}

const assistantMessages = (page: Page) => messages(page, "assistant");
const fileItem = (page: Page, path: string): Locator => page.locator(`[data-testid="file-item"][data-path="${path}"]`);
const editor = (page: Page) => page.getByTestId("file-editor");

/** Puts the cursor at the end of the editor line containing `lineText` and types `suffix`. */
async function appendToLine(page: Page, lineText: string, suffix: string) {
  await editor(page).locator(".cm-line", { hasText: lineText }).first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(suffix);
}

async function serverFile(page: Page, threadId: string, path: string) {
  const res = await page.request.get(`/api/threads/${threadId}/files/${path}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { file: { content: string; version: number; lastAuthor: string } }).file;
}

test("the agent's plan appears without a reload, the person edits it, and the agent reads the edit", async ({ page }) => {
  const id = await createThread(page);
  await send(page, `write migration.md\n${fence(PLAN)}`);

  const item = fileItem(page, "migration.md");
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute("data-author", "agent");
  await item.click();
  await expect(editor(page)).toContainText("src/jobs/reconcile.ts");

  await appendToLine(page, "src/api/accounts.ts", " - checked by the person");
  await expect(page.getByTestId("file-unsaved")).toBeVisible();
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("file-unsaved")).toBeHidden();
  await expect(item).toHaveAttribute("data-author", "person");
  const saved = await serverFile(page, id, "migration.md");
  expect(saved).toMatchObject({ version: 2, lastAuthor: "person" });
  expect(saved.content).toContain("- [ ] src/api/accounts.ts - checked by the person\n");

  await send(page, "read migration.md");
  await expect(assistantMessages(page).last()).toContainText("src/api/accounts.ts - checked by the person");

  // Long turns push the plan's turns out of the model input (small e2e thresholds)...
  const filler = (topic: string) => Array.from({ length: 40 }, (_, i) => `Note ${i}: looked at src/${topic}/part${i}.ts.`).join(" ");
  for (const topic of ["a", "b", "c"]) await send(page, filler(topic));
  await expect
    .poll(async () => (await (await page.request.get(`/api/threads/${id}/context`)).json()).recentSpan, { timeout: 20_000 })
    .not.toBeNull();
  // ...and the agent still finds the remaining items, and the person's edit, in the file.
  await send(page, "read migration.md");
  await expect(assistantMessages(page).last()).toContainText("- [ ] src/jobs/reconcile.ts");
  await expect(assistantMessages(page).last()).toContainText("checked by the person");
  const ctx = await (await page.request.get(`/api/threads/${id}/context?input=1`)).json();
  expect(ctx.lastCall.summaryApplied).toBe(true);
  const verbatim = JSON.stringify(ctx.lastInput.messages).replace(/Summary of earlier conversation:[^"]*/g, "");
  expect(verbatim).not.toContain("write migration.md");
});

test("an agent write over unsaved edits raises a conflict; keep mine, then history and restore", async ({ page }) => {
  const id = await createThread(page);
  await send(page, `write migration.md\n${fence(PLAN)}`);
  await fileItem(page, "migration.md").click();
  await appendToLine(page, "src/jobs/reconcile.ts", " - mine");
  await expect(page.getByTestId("file-unsaved")).toBeVisible();

  const theirs = `${PLAN}\n- [ ] src/agent/added.ts`;
  await send(page, `read migration.md\nwrite migration.md\n${fence(theirs)}`);

  const bar = page.getByTestId("file-conflict");
  await expect(bar).toContainText("The agent changed this file (version 2).");
  await expect(editor(page)).toContainText("src/jobs/reconcile.ts - mine"); // nothing was overwritten
  await page.getByTestId("conflict-compare").click();
  await expect(page.getByTestId("conflict-diff")).toContainText("src/agent/added.ts");
  await expect(page.getByTestId("conflict-diff")).toContainText("src/jobs/reconcile.ts - mine");

  await page.getByTestId("conflict-keep-mine").click();
  await expect(bar).toBeHidden();
  await expect(page.getByTestId("file-unsaved")).toBeHidden();
  const kept = await serverFile(page, id, "migration.md");
  expect(kept).toMatchObject({ version: 3, lastAuthor: "person" });
  expect(kept.content).toContain("src/jobs/reconcile.ts - mine");
  expect(kept.content).not.toContain("src/agent/added.ts");

  await page.getByTestId("file-history-toggle").click();
  const history = page.getByTestId("file-history");
  await expect(history.getByTestId("version-item")).toHaveCount(3);
  await expect(history.locator('[data-testid="version-item"][data-version="2"]')).toHaveAttribute("data-author", "agent");
  await history.locator('[data-testid="version-item"][data-version="2"]').click();
  await expect(page.getByTestId("version-diff")).toContainText("src/agent/added.ts");
  await page.screenshot({ path: "/tmp/ws.png" });

  await page.getByTestId("version-restore").click();
  await expect(history.getByTestId("version-item")).toHaveCount(4);
  const restored = await serverFile(page, id, "migration.md");
  expect(restored).toMatchObject({ version: 4, content: theirs });
  await page.getByTestId("file-history-toggle").click();
  await expect(editor(page)).toContainText("src/agent/added.ts");
  await expect(editor(page)).not.toContainText("- mine");
});

test("create, deep link, silent reload, unsaved drafts kept, rename and delete", async ({ page }) => {
  const id = await createThread(page);

  // Path rules live on the server; the panel shows its explanation.
  await page.getByTestId("file-new").click();
  await page.getByTestId("file-new-form-input").fill("notes//todo.md");
  await page.getByTestId("file-new-form-input").press("Enter");
  await expect(page.getByTestId("file-new-form-error")).toContainText("empty segment");
  await page.getByTestId("file-new-form-input").fill("notes/todo.md");
  await page.getByTestId("file-new-form-input").press("Enter");
  await expect(fileItem(page, "notes/todo.md")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("file-path")).toHaveText("notes/todo.md");

  // No local edits: the agent's version is loaded silently, with a short note.
  await send(page, `read notes/todo.md\nwrite notes/todo.md\n${fence("- [ ] agent item")}`);
  await expect(editor(page)).toContainText("agent item");
  await expect(page.getByTestId("file-notice")).toContainText("Updated by the agent");
  await expect(page.getByTestId("file-conflict")).toBeHidden();

  // Deep links from the transcript: #file=<encoded path>.
  await send(page, `write other.md\n${fence("other file")}`);
  await page.evaluate(() => {
    window.location.hash = `#file=${encodeURIComponent("other.md")}`;
  });
  await expect(page.getByTestId("file-path")).toHaveText("other.md");
  await page.evaluate(() => {
    window.location.hash = `#file=${encodeURIComponent("notes/todo.md")}`;
  });
  await expect(page.getByTestId("file-path")).toHaveText("notes/todo.md");
  await page.reload();
  await expect(page.getByTestId("file-path")).toHaveText("notes/todo.md");
  await expect(editor(page)).toContainText("agent item");

  // Switching away from unsaved edits asks first.
  await appendToLine(page, "agent item", " - draft");
  await fileItem(page, "other.md").click();
  await expect(page.getByTestId("unsaved-dialog")).toBeVisible();
  await page.getByTestId("unsaved-cancel").click();
  await expect(page.getByTestId("file-path")).toHaveText("notes/todo.md");
  await expect(editor(page)).toContainText("agent item - draft");

  // Leaving the chat unmounts the panel; coming back brings the unsaved draft back.
  await page.getByTestId("new-thread").click();
  await expect(page).not.toHaveURL(new RegExp(id));
  await page.goBack();
  await expect(page.getByTestId("file-path")).toHaveText("notes/todo.md");
  await expect(editor(page)).toContainText("agent item - draft");
  await expect(page.getByTestId("file-unsaved")).toBeVisible();

  await fileItem(page, "other.md").click();
  await page.getByTestId("unsaved-save").click();
  await expect(page.getByTestId("file-path")).toHaveText("other.md");
  await expect(fileItem(page, "notes/todo.md")).toHaveAttribute("data-author", "person");

  await page.getByTestId("file-rename").click();
  await page.getByTestId("file-rename-form-input").fill("archive/other.md");
  await page.getByTestId("file-rename-form-input").press("Enter");
  await expect(fileItem(page, "archive/other.md")).toBeVisible();
  await expect(fileItem(page, "other.md")).toHaveCount(0);
  await expect(page.getByTestId("file-path")).toHaveText("archive/other.md");

  await page.getByTestId("file-delete").click();
  await page.getByTestId("workspace-panel").getByTestId("confirm-accept").click();
  await expect(fileItem(page, "archive/other.md")).toHaveCount(0);
  await expect(fileItem(page, "notes/todo.md")).toBeVisible();
});

test("a save that lost the race is a 409 conflict, never an overwrite; take theirs", async ({ page }) => {
  const id = await createThread(page);
  await send(page, `write migration.md\n${fence(PLAN)}`);
  await fileItem(page, "migration.md").click();
  await expect(editor(page)).toContainText("src/jobs/reconcile.ts");

  // Freeze the panel's view of the list so only the save itself can discover the newer version.
  const stale = await (await page.request.get(`/api/threads/${id}/files`)).json();
  await page.route(`**/api/threads/${id}/files`, (route) => route.fulfill({ json: stale }));
  const other = await page.request.put(`/api/threads/${id}/files/migration.md`, {
    data: { content: `${PLAN}\n- [ ] from elsewhere`, baseVersion: 1 },
  });
  expect(other.status()).toBe(200);

  await appendToLine(page, "src/api/accounts.ts", " - local");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("file-conflict")).toContainText("changed this file (version 2).");
  await expect(page.getByTestId("file-unsaved")).toBeVisible();
  expect((await serverFile(page, id, "migration.md")).content).not.toContain(" - local");

  await page.getByTestId("conflict-take-theirs").click();
  await expect(page.getByTestId("file-conflict")).toBeHidden();
  await expect(page.getByTestId("file-unsaved")).toBeHidden();
  await expect(editor(page)).toContainText("from elsewhere");
  await expect(editor(page)).not.toContainText(" - local");
  await page.unroute(`**/api/threads/${id}/files`);
});

test("a deleted file is listed under Deleted and comes back from its history", async ({ page }) => {
  const id = await createThread(page);
  await send(page, `write plans/move.md\n${fence(PLAN)}`);
  await fileItem(page, "plans/move.md").click();
  await expect(editor(page)).toContainText("Move callers");
  await expect(page.getByTestId("deleted-files")).toHaveCount(0);

  await page.getByTestId("file-delete").click();
  await page.getByTestId("workspace-panel").getByTestId("confirm-accept").click();
  await expect(fileItem(page, "plans/move.md")).toHaveCount(0);

  const deleted = page.getByTestId("deleted-files");
  await deleted.getByText("Deleted").click();
  await expect(deleted.getByTestId("deleted-file")).toHaveCount(1);
  await expect(deleted.getByTestId("deleted-file")).toHaveAttribute("data-path", "plans/move.md");
  await deleted.getByRole("button", { name: "Restore plans/move.md" }).click();

  await expect(fileItem(page, "plans/move.md")).toHaveAttribute("data-author", "person");
  await expect(page.getByTestId("file-path")).toHaveText("plans/move.md");
  await expect(editor(page)).toContainText("src/jobs/reconcile.ts");
  await expect(page.getByTestId("deleted-files")).toHaveCount(0);
  expect(await serverFile(page, id, "plans/move.md")).toMatchObject({ content: PLAN, version: 3, lastAuthor: "person" });
});
