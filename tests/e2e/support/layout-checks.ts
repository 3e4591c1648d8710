import { expect, type Locator, type Page } from "@playwright/test";

export type Overflow = { element: string; left: number; right: number };

/**
 * Elements that stick out of the viewport sideways and are not clipped by a scrolling or hidden
 * ancestor inside it, and scroll containers that scroll sideways although they are neither a code
 * block nor the editor. Both empty means nothing on the page scrolls horizontally but code.
 */
export async function horizontalOverflow(page: Page): Promise<{ outside: Overflow[]; sideScrollers: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}.${String(el.className).slice(0, 80)}`;
    const clips = (el: Element) => getComputedStyle(el).overflowX !== "visible";
    const outside: { element: string; left: number; right: number }[] = [];
    const sideScrollers: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const style = getComputedStyle(el);
      if (["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        const code = el.closest("pre, .cm-editor, [data-scroll-x]") !== null;
        if (!code) sideScrollers.push(describe(el));
      }
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= vw + 1 && rect.left >= -1) continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (!clips(a)) continue;
        const r = a.getBoundingClientRect();
        if (r.right <= vw + 1 && r.left >= -1) clipped = true;
        break;
      }
      if (!clipped) outside.push({ element: describe(el), left: Math.round(rect.left), right: Math.round(rect.right) });
    }
    return { outside, sideScrollers };
  });
}

export async function expectNoHorizontalOverflow(page: Page, where: string) {
  const found = await horizontalOverflow(page);
  expect(found, `horizontal overflow on ${where}`).toEqual({ outside: [], sideScrollers: [] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Visible, enabled, and (scrolled into view) wholly inside the viewport. */
export async function expectReachable(page: Page, control: Locator, name: string) {
  await expect(control, `${name} is visible`).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const vw = page.viewportSize()!.width;
  expect(box, `${name} has a box`).not.toBeNull();
  expect(box!.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends inside the viewport`).toBeLessThanOrEqual(vw + 1);
}
