import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { latestRunIndex, pickCut } from "@/lib/context";

type Msg = { id: string; role: string; tokens: number; runStart?: boolean };

const msgs = (...spec: Array<[string, number] | [string, number, true]>): Msg[] =>
  spec.map(([role, tokens, runStart], i) => ({
    id: `m${i}`,
    role,
    tokens,
    ...(runStart ? { runStart } : {}),
  }));

const suffix = (messages: Msg[], from: number) => messages.slice(from).reduce((sum, m) => sum + m.tokens, 0);

describe("pickCut", () => {
  it("is -1 for an empty transcript", () => {
    expect(pickCut([], 100)).toBe(-1);
  });

  it("is -1 when there are no user messages", () => {
    expect(pickCut(msgs(["assistant", 1], ["system", 1]), 100)).toBe(-1);
  });

  it("keeps everything from the first user message when it all fits", () => {
    expect(pickCut(msgs(["system", 5], ["user", 10], ["assistant", 10], ["user", 10]), 100)).toBe(1);
  });

  it("picks the earliest user message whose suffix fits", () => {
    const messages = msgs(["user", 50], ["assistant", 50], ["user", 10], ["assistant", 20], ["user", 5], ["assistant", 5]);
    // suffixes: m4 = 10, m2 = 40, m0 = 140
    expect(pickCut(messages, 40)).toBe(2);
    expect(pickCut(messages, 39)).toBe(4);
  });

  it("treats a suffix exactly at the budget as fitting", () => {
    expect(pickCut(msgs(["user", 30], ["assistant", 70]), 100)).toBe(0);
    expect(pickCut(msgs(["user", 30], ["assistant", 71], ["user", 1]), 100)).toBe(2);
  });

  it("keeps the latest user message even when its turn exceeds the budget", () => {
    const messages = msgs(["user", 10], ["assistant", 10], ["user", 5], ["assistant", 5000]);
    expect(pickCut(messages, 100)).toBe(2);
  });

  it("never cuts at or before the run floor", () => {
    const messages = msgs(["user", 1], ["assistant", 1], ["user", 1, true], ["assistant", 1], ["user", 1]);
    // Everything fits, but m2 starts the run and must stay uncut.
    expect(pickCut(messages, 1000)).toBe(4);
  });

  it("is -1 when the only user message is the run floor", () => {
    expect(pickCut(msgs(["user", 1], ["user", 1, true], ["assistant", 1]), 1000)).toBe(-1);
  });

  it("honours an explicit runIndex", () => {
    const messages = msgs(["user", 1], ["assistant", 1], ["user", 1], ["assistant", 1]);
    expect(pickCut(messages, 1000, -1)).toBe(0);
    expect(pickCut(messages, 1000, 0)).toBe(2);
    expect(pickCut(messages, 1000, 2)).toBe(-1);
  });

  it("reads each message's tokens at most once (O(n))", () => {
    let reads = 0;
    const n = 5000;
    const messages = Array.from({ length: n }, (_, i) => ({
      role: i % 2 === 0 ? "user" : "assistant",
      get tokens() {
        reads++;
        return 1;
      },
    }));
    expect(pickCut(messages, 100)).toBe(n - 100);
    expect(reads).toBeLessThanOrEqual(n);
  });

  const arbMessages = fc
    .array(
      fc.record({
        role: fc.constantFrom("user", "assistant", "system"),
        tokens: fc.nat({ max: 200 }),
        runStart: fc.nat({ max: 7 }).map((n) => n === 0),
      }),
      { maxLength: 40 },
    )
    .map((raw) => raw.map((m, i): Msg => ({ id: `m${i}`, ...m })));

  it("property: cut is a user message after the floor, fits unless forced, and is maximal", () => {
    fc.assert(
      fc.property(arbMessages, fc.nat({ max: 2000 }), (messages, budget) => {
        const floor = latestRunIndex(messages);
        const cut = pickCut(messages, budget);
        const userIndexes = messages.flatMap((m, i) => (m.role === "user" && i > floor ? [i] : []));

        // -1 iff there is no user message after the floor.
        expect(cut === -1).toBe(userIndexes.length === 0);
        if (cut === -1) return;

        expect(messages[cut]!.role).toBe("user");
        expect(cut).toBeGreaterThan(floor);

        const latestUser = userIndexes.at(-1)!;
        const fits = suffix(messages, cut) <= budget;
        if (!fits) {
          // Only the forced latest turn may exceed the budget, and only when
          // no user message fits at all.
          expect(cut).toBe(latestUser);
          expect(userIndexes.every((i) => suffix(messages, i) > budget)).toBe(true);
        }

        // Maximal: no earlier user message after the floor also fits.
        for (const i of userIndexes) {
          if (i < cut) expect(suffix(messages, i)).toBeGreaterThan(budget);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("property: an explicit runIndex acts as the floor", () => {
    const arbCase = arbMessages.chain((messages) =>
      fc.record({
        messages: fc.constant(messages),
        runIndex: fc.integer({ min: -1, max: Math.max(-1, messages.length - 1) }),
        budget: fc.nat({ max: 2000 }),
      }),
    );
    fc.assert(
      fc.property(arbCase, ({ messages, runIndex, budget }) => {
        const cut = pickCut(messages, budget, runIndex);
        const afterFloor = messages.some((m, i) => i > runIndex && m.role === "user");
        expect(cut === -1).toBe(!afterFloor);
        if (cut !== -1) expect(cut).toBeGreaterThan(runIndex);
      }),
      { numRuns: 500 },
    );
  });
});
