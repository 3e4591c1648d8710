import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules every page is held to: WCAG 2.2 A/AA and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** axe's violations on the page once it has settled, for a spec that reports them its own way. */
export async function axeAudit(page: Page): Promise<Violation[]> {
  // The page as it settles: transitions and other finite animations run out first. axe measured a
  // message's token count mid-fade (its opacity between 0 and 1) and reported its contrast, once
  // the suite ran faster without a trace recording every test. Endless ones (a spinner) are left.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
}

/** axe over the page as it is now, each violation as "<state>: <rule> (<elements>)". */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  return (await axeAudit(page)).map((v) => `${state}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
