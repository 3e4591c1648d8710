import { describe, expect, it } from "vitest";
import { limitMessage, secondsUntilNextPeriod, periodIndex } from "@/lib/limits/rate-period";

describe("fixed rate periods", () => {
  it("instances agree on the rate period from the clock alone", () => {
    expect(periodIndex(60_000, 60)).toBe(1);
    expect(periodIndex(119_999, 60)).toBe(1);
    expect(periodIndex(120_000, 60)).toBe(2);
  });

  it("Retry-After counts whole seconds to the next rate period and is never 0", () => {
    expect(secondsUntilNextPeriod(60_000, 60, 1)).toBe(60);
    expect(secondsUntilNextPeriod(119_001, 60, 1)).toBe(1);
    expect(secondsUntilNextPeriod(119_999, 60, 1)).toBe(1);
    // A row from an instance whose clock runs ahead: wait for that period's end.
    expect(secondsUntilNextPeriod(60_000, 60, 2)).toBe(120);
  });

  it("tells the person when they can send again", () => {
    expect(limitMessage("turn", 12)).toContain("send again in 12 s");
  });
});
