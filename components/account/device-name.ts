import Bowser from "bowser";

/*
 * A session's browser and device in words ("Chrome 131 on Android, phone") from its User-Agent,
 * parsed by bowser (a maintained parser: a hand-written one goes stale with every new browser).
 * Major versions only, and no OS versions: browsers freeze them in the User-Agent (every Mac says
 * 10.15.7, every Windows NT 10.0), so they would often be wrong.
 */
const KINDS: Record<string, string> = { mobile: "phone", tablet: "tablet", desktop: "computer", tv: "TV" };

export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const { browser, os, platform } = Bowser.parse(userAgent);
  const name = browser.name ? [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ") : "Unknown browser";
  const model = platform.type !== "desktop" ? platform.model : undefined;
  const kind = model ?? (platform.type ? KINDS[platform.type] : undefined);
  return [name, os.name && ` on ${os.name}`, kind && `, ${kind}`].filter(Boolean).join("");
}
