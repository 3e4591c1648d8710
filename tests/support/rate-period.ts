import { periodIndex, secondsUntilNextPeriod } from "../../lib/limits/rate-period";

/**
 * Rate periods are fixed and aligned to the epoch (lib/limits/rate-period.ts): a count that
 * straddles a boundary starts over, so a test that counts up to a limit across one sees fewer
 * refusals than it expects. Such a test starts well inside a period: when the current one ends
 * within `marginS`, this waits for the next, reckoned as the app reckons it. (A relative import:
 * the e2e suite uses this too.)
 */
export async function awayFromPeriodEnd(periodS: number, marginS: number): Promise<void> {
  const now = Date.now();
  const leftS = secondsUntilNextPeriod(now, periodS, periodIndex(now, periodS));
  if (leftS <= marginS) await new Promise((resolve) => setTimeout(resolve, leftS * 1000 + 250));
}
