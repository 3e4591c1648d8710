import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "@/components/ui/format-count";

describe("formatCount", () => {
  it("groups digits by three, as en-US's Intl does", () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
      }),
    );
  });

  it("rounds a fraction to a whole count", () => {
    expect(formatCount(1234.6)).toBe("1,235");
    expect(formatCount(999.4)).toBe("999");
    expect(formatCount(-0.2)).toBe("0");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(100000)).toBe("100,000");
  });
});
