import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/tests/support/config";
import { freeOrDead, holdLease, leaseLive, type LeaseKind } from "@/lib/jobs/lease";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the lease helper", () => {
  beforeAll(() => {
    process.env.LEASE_HEARTBEAT_MS = "50";
    resetConfigForTests();
  });
  afterAll(() => {
    delete process.env.LEASE_HEARTBEAT_MS;
    resetConfigForTests();
  });

  it("judges a holder by its heartbeat's age: dead after three heartbeats", () => {
    const now = new Date("2026-12-01T12:00:00Z");
    expect(leaseLive("h", new Date(now.getTime() - 149), now)).toBe(true);
    expect(leaseLive("h", new Date(now.getTime() - 151), now)).toBe(false);
    expect(leaseLive(null, now, now)).toBe(false);
    expect(leaseLive("h", null, now)).toBe(false);
    expect(freeOrDead("turn", now)).toEqual({
      OR: [{ turnHolder: null }, { turnHeartbeatAt: null }, { turnHeartbeatAt: { lt: new Date(now.getTime() - 150) } }],
    });
  });

  it("renews every held lease of a kind with one call per heartbeat, tells a holder it lost its lease, and stops after release", async () => {
    const calls: string[][] = [];
    let owned = new Set(["a", "b", "c"]);
    const kind: LeaseKind = {
      name: "test",
      renew: async (holders) => {
        calls.push([...holders].sort());
        return holders.filter((h) => owned.has(h));
      },
    };
    const lost: string[] = [];
    const release = ["a", "b", "c"].map((h) => holdLease(kind, h, () => lost.push(h)));
    await sleep(130);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls[0]).toEqual(["a", "b", "c"]);
    owned = new Set(["a", "c"]);
    await sleep(130);
    expect(lost).toEqual(["b"]);
    release[0]();
    release[2]();
    const before = calls.length;
    await sleep(130);
    // Nothing held: no more renewals, and the lost holder was never asked about again.
    expect(calls.length - before).toBeLessThanOrEqual(1);
    expect(calls.slice(-1)[0] ?? []).not.toContain("b");
  });
});
