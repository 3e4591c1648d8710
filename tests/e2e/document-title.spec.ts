import { expect, test } from "@playwright/test";

// The document keeps its one <title> while the page refreshes from the server. The app calls
// router.refresh() when the caller changes (sign in, sign out, account deleted); with the title in
// Next's streamed metadata, about one refresh in twenty left the document without a <title> for
// ~200 ms (the tab showed the address; axe reported document-title on the account page). Here the
// refresh is called directly (Next's `window.next.router`), many times, and every mutation of the
// document and every 5 ms is checked.

for (const path of ["/", "/account"]) {
  test(`the title stays while ${path} refreshes from the server`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(path);
    await expect(page.locator("title")).toHaveCount(1);
    expect(await page.title()).toBe("Longrun Chat");
    const seen = await page.evaluate(async () => {
      const titles: number[] = [];
      const check = () => {
        const count = document.querySelectorAll("title").length;
        titles.push(count === 1 && document.title === "Longrun Chat" ? 1 : 0);
      };
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
      const router = (window as unknown as { next: { router: { refresh: () => void } } }).next.router;
      for (let i = 0; i < 40; i++) {
        router.refresh();
        for (let k = 0; k < 30; k++) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          check();
        }
      }
      return { checks: titles.length, without: titles.filter((ok) => ok === 0).length };
    });
    expect(seen.checks).toBeGreaterThan(1000);
    expect(seen.without).toBe(0);
  });
}
