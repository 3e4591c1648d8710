import { afterEach, describe, expect, it, vi } from "vitest";
import { awayFromPeriodEnd } from "@/tests/support/rate-period";
import { periodIndex } from "@/lib/limits/rate-period";

/** Whether the helper's promise settles within `ms` of fake time. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe("awayFromPeriodEnd (tests' guard against counting across a rate period's boundary)", () => {
  afterEach(() => vi.useRealTimers());

  it("goes on at once well inside a period", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 7, 3, 10, 0) });
    expect(await settlesWithin(awayFromPeriodEnd(3600, 60), 0)).toBe(true);
  });

  it("near a period's end, waits until the next period has begun, in the app's own reckoning", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 7, 2, 59, 30) });
    const before = periodIndex(Date.now(), 3600);
    const wait = awayFromPeriodEnd(3600, 60);
    expect(await settlesWithin(wait, 29_000)).toBe(false);
    expect(await settlesWithin(wait, 2_000)).toBe(true);
    expect(periodIndex(Date.now(), 3600)).toBe(before + 1);
  });

  it("a 900 s period ends at the quarter hours too", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 7, 3, 14, 50) });
    expect(await settlesWithin(awayFromPeriodEnd(900, 60), 0)).toBe(false);
  });
});
