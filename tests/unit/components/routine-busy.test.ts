import { describe, expect, it } from "vitest";
import { routineBusy } from "@/components/routines/routine-busy";
import type { RoutineRunStatus } from "@/lib/api";

const runs = (...statuses: RoutineRunStatus[]) => statuses.map((status) => ({ status }));

describe("routineBusy (how fast the routine page polls)", () => {
  it("is busy while the routine holds its run lease", () => {
    expect(routineBusy({ running: true }, runs("succeeded"))).toBe(true);
  });

  it("is busy while a run is queued or running, even before the lease shows", () => {
    expect(routineBusy({ running: false }, runs("queued", "succeeded"))).toBe(true);
    expect(routineBusy({ running: false }, runs("running"))).toBe(true);
    expect(routineBusy(undefined, runs("queued"))).toBe(true);
  });

  it("is idle once every run has settled, and before anything has loaded", () => {
    expect(routineBusy({ running: false }, runs("succeeded", "failed", "interrupted", "skipped"))).toBe(false);
    expect(routineBusy({ running: false }, [])).toBe(false);
    expect(routineBusy(undefined, undefined)).toBe(false);
  });
});
