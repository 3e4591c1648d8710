import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules every page is held to: WCAG 2.2 A/AA and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

// While axe reads the page, every transition and animation jumps to its end: axe measures the
// colours the page settles on. Waiting for the running ones was not enough: a fade that starts
// during axe's run, as a message's controls do when a re-render puts the row under the resting mouse
// (hover is updated a frame later) or a token count arrives, was measured mid-way (its opacity
// between 0 and 1) and reported as low contrast; so was a pulsing element. A constructed sheet, so
// the page's CSP does not apply, and removed afterwards.
const STILL = "*,*::before,*::after{transition:none!important;animation-duration:0s!important;animation-delay:0s!important}";

/** axe's violations on the page as it settles, for a spec that reports them its own way. */
export async function axeAudit(page: Page): Promise<Violation[]> {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    (window as unknown as { __axeStill?: CSSStyleSheet }).__axeStill = sheet;
  }, STILL);
  try {
    return (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
  } finally {
    await page.evaluate(() => {
      const sheet = (window as unknown as { __axeStill?: CSSStyleSheet }).__axeStill;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    });
  }
}

/** axe over the page as it is now, each violation as "<state>: <rule> (<elements>)". */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  return (await axeAudit(page)).map((v) => `${state}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
