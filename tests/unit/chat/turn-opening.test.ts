import { afterEach, describe, expect, it } from "vitest";
import { admitTurnOpening } from "@/lib/chat/turn-opening";
import { resetConfigForTests } from "@/tests/support/config";

type Deferred = { promise: Promise<void>; resolve: () => void };
const deferred = (): Deferred => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("admitTurnOpening", () => {
  afterEach(() => {
    delete process.env.TURN_OPENINGS_AT_ONCE;
    resetConfigForTests();
  });

  it("runs at most TURN_OPENINGS_AT_ONCE openings at a time, the rest in arrival order", async () => {
    process.env.TURN_OPENINGS_AT_ONCE = "2";
    resetConfigForTests();
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const done = gates.map((g, i) =>
      admitTurnOpening(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("a failed opening frees its place and its error reaches the caller", async () => {
    process.env.TURN_OPENINGS_AT_ONCE = "1";
    resetConfigForTests();
    const failed = admitTurnOpening(async () => {
      throw new Error("409");
    });
    const next = admitTurnOpening(async () => "opened");
    await expect(failed).rejects.toThrow("409");
    await expect(next).resolves.toBe("opened");
  });
});
