import { expect, type Locator, type Page } from "@playwright/test";

export async function createThread(page: Page): Promise<string> {
  await page.goto("/");
  await page.getByTestId("new-thread").click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("composer")).toBeEnabled();
  return new URL(page.url()).pathname.split("/").pop()!;
}

/**
 * Opens a thread by its address and waits until the page is hydrated (the composer is enabled only
 * then): the server's transcript is visible earlier, but keys pressed before hydration reach the
 * browser (its own find bar for Ctrl+F), not the app.
 */
export async function openThread(page: Page, id: string): Promise<void> {
  await page.goto(`/t/${id}`);
  await expect(page.getByTestId("composer")).toBeEnabled();
}

/**
 * Clicks a control of the thread header, through its "More" menu when the control does not fit the
 * row (its menu item has the same test id). Returns what focus goes back to once a dialog or panel
 * it opened closes: the control itself, or the menu's button.
 */
export async function clickHeaderControl(page: Page, testId: string): Promise<Locator> {
  const inline = page.getByTestId("thread-header").getByTestId(testId);
  if ((await inline.count()) > 0) {
    await inline.click();
    return inline;
  }
  const more = page.getByTestId("header-more");
  await more.click();
  await page.getByRole("menu").getByTestId(testId).click();
  return more;
}

export const messages = (page: Page, role: "user" | "assistant") => page.locator(`[data-testid="message"][data-role="${role}"]`);
export const messageById = (page: Page, id: string): Locator => page.locator(`[data-testid="message"][data-message-id="${id}"]`);

/**
 * Sends a message through the composer and waits until the reply is stored. The transcript is
 * virtualized, so rows far above are not in the DOM: the new reply is told apart by its id.
 */
export async function send(page: Page, text: string) {
  const composer = page.getByTestId("composer");
  await expect(composer).toBeEnabled();
  const lastReply = messages(page, "assistant").last();
  const lastId = () => lastReply.getAttribute("data-message-id", { timeout: 500 }).catch(() => null);
  const before = await lastId();
  await composer.fill(text);
  await composer.press("Enter");
  await expect.poll(lastId).not.toBe(before);
  await expect(lastReply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(composer).toBeEnabled();
}

/**
 * Closes the workspace panel if it is open: a compaction files the names it kept in the workspace,
 * and the first file opens the panel, which narrows the header until the context gauge moves into
 * its "More" menu (layout.spec.ts covers that). For tests that read the bar itself.
 */
export async function closeWorkspaceIfOpen(page: Page): Promise<void> {
  const toggle = page.getByTestId("workspace-toggle");
  if ((await toggle.getAttribute("aria-pressed")) === "true") await toggle.click();
  await expect(page.getByTestId("workspace-panel")).toBeHidden();
}
