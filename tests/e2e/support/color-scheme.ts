import { expect, type Page } from "@playwright/test";

/**
 * Switches the system's colour scheme and waits for the page to follow. The theme script applies
 * its class from a matchMedia change listener, which runs at the page's next rendering step, after
 * `emulateMedia` has returned: a check made at once reads the old theme, and axe, started then,
 * measured the header's buttons mid-transition to the new one (a contrast violation in 1 of 3 runs).
 * For pages with no stored theme choice, which follow the system.
 */
export async function emulateColorScheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
}
