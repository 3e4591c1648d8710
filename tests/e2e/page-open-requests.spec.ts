import { expect, test } from "@playwright/test";
import { createThread, openThread } from "./support/chat-page";

// What opening a page asks of the server. The sidebar's thread links prefetch their page when the
// reader reaches for one (hover or focus), not when they scroll into view: otherwise every page
// open renders every listed thread on the server, and that work delays the next page asked for.
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

// What the header, sidebar and workspace show at once comes with the page (read on the server into
// the same query keys), not as a burst of requests right after it opens.
test("opening a thread asks the API only for what the page did not bring", async ({ page }) => {
  const id = await createThread(page);
  const apiPaths: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) apiPaths.push(url.pathname + url.search);
  });
  await openThread(page, id);
  await page.waitForLoadState("networkidle");
  const broughtByThePage = ["/api/model", "/api/models", "/api/routines", "/pins", "/actions", "/workspace-threads", "/files"];
  expect(apiPaths.filter((p) => broughtByThePage.some((b) => p === b || p.includes(`${id}${b}`)))).toEqual([]);
});
