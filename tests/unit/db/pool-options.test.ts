import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { poolOptions } from "@/lib/db/pool-options";

const SERVERLESS_POOL_MAX = 5;

describe("poolOptions", () => {
  it("a long-lived server keeps DATABASE_POOL_MIN open, never more than the pool", () => {
    expect(poolOptions({ onVercel: false, size: 20, min: 10 })).toEqual({ max: 20, min: 10, idleTimeoutMillis: 30_000 });
    expect(poolOptions({ onVercel: false, size: 4, min: 10 }).min).toBe(4);
  });

  it("on Vercel opens nothing ahead, holds few and lets idle connections go in seconds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 500 }), (size, min) => {
        const o = poolOptions({ onVercel: true, size, min });
        expect(o.min).toBe(0);
        expect(o.max).toBe(Math.min(size, SERVERLESS_POOL_MAX));
        expect(o.idleTimeoutMillis).toBeLessThanOrEqual(5_000);
      }),
    );
  });
});
