import { expect, test, type Page } from "@playwright/test";
import { createThread, send } from "./support/chat-page";

// Light and dark themes in Chromium against the production build: the system setting decides
// until the person chooses; the choice is remembered and applied before the first paint; the
// editor, highlighted code and the diff view follow.

/** Relative luminance of a computed CSS color (rgb() or oklch() as Chromium reports it). */
async function luminance(page: Page, selector: string, property: "backgroundColor" | "color" = "backgroundColor") {
  return page.evaluate(
    ([sel, prop]) => {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no ${sel}`);
      const canvas = document.createElement("canvas").getContext("2d")!;
      canvas.fillStyle = getComputedStyle(el)[prop as "color"];
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    },
    [selector, property],
  );
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

test("the system setting decides until the person chooses; the choice is remembered and applied before paint", async ({ page }) => {
  // What the page looked like when the HTML was parsed, before any of the app's scripts ran.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const w = window as unknown as { firstParse?: { dark: boolean; background: string } };
      w.firstParse ??= {
        dark: document.documentElement.classList.contains("dark"),
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
  });
  const firstParse = () => page.evaluate(() => (window as unknown as { firstParse: { dark: boolean; background: string } }).firstParse);

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  expect((await firstParse()).dark).toBe(true);
  expect(await luminance(page, "body")).toBeLessThan(0.05);
  expect(await luminance(page, "body", "color")).toBeGreaterThan(0.7);
  await expect(page.getByTestId("theme-system")).toHaveAttribute("aria-pressed", "true");

  // The system switches back: the page follows while no choice is stored.
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await luminance(page, "body")).toBeGreaterThan(0.9);

  // A choice beats the system and survives a reload, applied before the app's scripts run.
  await page.getByTestId("theme-dark").click();
  await expect.poll(() => isDark(page)).toBe(true);
  await expect(page.getByTestId("theme-dark")).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  expect((await firstParse()).dark).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.getByTestId("theme-system").click();
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
});

test("in dark mode the editor, highlighted code and the diff view are dark too", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await createThread(page);
  await send(page, "write notes/plan.md\n```\n# Plan\n- [ ] first step\n```\n\n```ts\nconst answer = 42;\n```");
  await expect.poll(() => isDark(page)).toBe(true);

  await page.getByTestId("file-item").filter({ hasText: "plan.md" }).click();
  await expect(page.locator(".cm-editor")).toBeVisible();
  expect(await luminance(page, ".cm-editor")).toBeLessThan(0.05);
  expect(await luminance(page, ".cm-content", "color")).toBeGreaterThan(0.7);
  expect(await luminance(page, ".cm-gutters")).toBeLessThan(0.05);

  // An edit, saved, gives the history a diff to show.
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n- [ ] second step");
  await page.getByTestId("file-save").click();
  await expect(page.getByTestId("file-version")).toContainText("v2");
  await page.getByTestId("file-history-toggle").click();
  await page.locator('[data-testid="version-item"][data-version="1"]').click();
  const changed = "[data-diff=added], [data-diff=removed]";
  await expect(page.locator(changed).first()).toBeVisible();
  expect(await luminance(page, changed)).toBeLessThan(0.05);
  expect(await luminance(page, changed, "color")).toBeGreaterThan(0.5);

  // highlight.js: the dark GitHub theme applies under .dark.
  await page.evaluate(() => {
    const code = document.createElement("code");
    code.className = "hljs probe-hljs";
    document.body.append(code);
  });
  expect(await luminance(page, ".probe-hljs")).toBeLessThan(0.02);
});
