import { expect, test } from "@playwright/test";
import { createThread, openThread } from "./support/chat-page";

// The sidebar's thread links prefetch their page when the reader reaches for one (hover or focus),
// not when they scroll into view: otherwise every page open renders every listed thread on the
// server, and that work delays the next page asked for.
test("thread links are prefetched on hover or focus, not on sight", async ({ page }) => {
  const other = await createThread(page);
  const current = await createThread(page);
  const pageRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === `/t/${other}`) pageRequests.push(r.url());
  });
  await openThread(page, current);
  const link = page.locator(`[data-testid="thread-link"][href="/t/${other}"]`);
  await expect(link).toBeInViewport();
  await page.waitForLoadState("networkidle");
  expect(pageRequests).toEqual([]);

  await link.hover();
  await expect.poll(() => pageRequests.length).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/t/${other}$`));
  await expect(page.getByTestId("composer")).toBeEnabled();
});
