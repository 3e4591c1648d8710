/**
 * Rate periods are fixed and aligned to the epoch (lib/limits/rate-period.ts): a count that
 * straddles a boundary starts over, so a test that counts up to a limit across one sees fewer
 * refusals than it expects. Such a test starts well inside a period: when the current one ends
 * within `marginS`, this waits for the next. Used by the integration and the e2e suites alike, so
 * it reads the clock itself rather than importing the app's module.
 */
export async function awayFromPeriodEnd(periodS: number, marginS: number): Promise<void> {
  const periodMs = periodS * 1000;
  const leftMs = periodMs - (Date.now() % periodMs);
  if (leftMs <= marginS * 1000) await new Promise((resolve) => setTimeout(resolve, leftMs + 250));
}
