import { expect, test, type Page } from "@playwright/test";
import { clickHeaderControl, createThread, send } from "./support/chat-page";

// The keyboard in Chromium against the production build: focus goes back to what opened a
// dialog or a panel, the file editor can be left (Esc, then Tab), and the global shortcuts work.

let threadId = "";

test.beforeEach(async ({ page }) => {
  threadId = await createThread(page);
  await send(page, "write notes/plan.md\n```\n# Plan\n- [ ] first step\n```");
});

async function showWorkspace(page: Page) {
  const panel = page.getByTestId("workspace-panel");
  if (!(await panel.isVisible())) await page.getByTestId("workspace-toggle").click();
  await expect(panel).toBeVisible();
}

test("focus returns to what opened a dialog or a panel; the editor can be left by keyboard", async ({ page }) => {
  const opener = await clickHeaderControl(page, "continue-new-chat");
  await expect(page.getByTestId("continue-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("continue-dialog")).toBeHidden();
  await expect(opener).toBeFocused();

  const item = page.locator(`[data-thread-id="${threadId}"]`);
  await item.getByTestId("rename-thread").click();
  await expect(page.getByTestId("rename-input")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(item.getByTestId("rename-thread")).toBeFocused();

  // In the editor Tab indents; Escape then Tab moves on, as the line above the editor says.
  await showWorkspace(page);
  await page.getByTestId("file-item").filter({ hasText: "plan.md" }).click();
  await expect(page.getByTestId("editor-keys")).toContainText("Esc then Tab leaves the editor");
  const content = page.locator(".cm-content");
  await content.click();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("file-unsaved")).toBeVisible();
  await expect(content).toBeFocused();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(content).not.toBeFocused();
  // The editor is the page's last control beside the chat, so Tab may leave the page itself; out the
  // other way (Escape, then Shift+Tab) lands on the file's own controls.
  await content.click();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+Tab");
  await expect(content).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
});

test("shortcuts: ? lists them, / goes to the message box, Alt+Shift+W/I toggle the panels, Alt+Shift+N starts a chat", async ({ page }) => {
  await page.getByTestId("thread-title").click();

  await page.keyboard.press("?");
  const help = page.getByTestId("shortcut-help");
  await expect(help).toBeVisible();
  await expect(help).toContainText("Show or hide the workspace");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await page.getByTestId("shortcuts-button").click();
  await expect(help).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcuts-button")).toBeFocused();

  await page.keyboard.press("/");
  await expect(page.getByTestId("composer")).toBeFocused();

  const workspace = page.getByTestId("workspace-toggle");
  const before = await workspace.getAttribute("aria-pressed");
  await page.keyboard.press("Alt+Shift+KeyW");
  await expect(workspace).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  await page.keyboard.press("Alt+Shift+KeyI");
  await expect(page.getByTestId("inspector-panel")).toBeVisible();
  await page.keyboard.press("Alt+Shift+KeyI");
  await expect(page.getByTestId("inspector-panel")).toBeHidden();

  await page.keyboard.press("Alt+Shift+KeyN");
  await expect(page).not.toHaveURL(new RegExp(`/t/${threadId}$`));
  await expect(page).toHaveURL(/\/t\/[A-Za-z0-9_-]+$/);
});
