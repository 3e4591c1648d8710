import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { latestRunIndex, summaryCutIndex } from "@/lib/context";

type Msg = { id: string; role: string; runStart?: boolean };

const transcript = (spec: string): Msg[] =>
  // "u", "a", "s" = user/assistant/system; "U" = user that starts a run.
  [...spec].map((c, i) => ({
    id: `m${i}`,
    role: c.toLowerCase() === "u" ? "user" : c === "a" ? "assistant" : "system",
    ...(c === "U" ? { runStart: true } : {}),
  }));

describe("summaryCutIndex", () => {
  it("accepts a user cut with a null floor outside routines", () => {
    const messages = transcript("uauaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m2", floorMessageId: null })).toBe(2);
  });

  it("is -1 on an empty transcript", () => {
    expect(summaryCutIndex([], { cutMessageId: "m0", floorMessageId: null })).toBe(-1);
  });

  it("is -1 when the cut message was removed by an edit", () => {
    const messages = transcript("uaua");
    expect(summaryCutIndex(messages, { cutMessageId: "gone", floorMessageId: null })).toBe(-1);
  });

  it("is -1 when the cut is not a user message", () => {
    const messages = transcript("uaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m1", floorMessageId: null })).toBe(-1);
  });

  it("accepts a cut after the run floor when the floor matches", () => {
    const messages = transcript("uaUaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m4", floorMessageId: "m2" })).toBe(4);
  });

  it("is -1 when the cut is the floor itself", () => {
    const messages = transcript("uaUaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m2", floorMessageId: "m2" })).toBe(-1);
  });

  it("is -1 when the cut is before the floor", () => {
    const messages = transcript("uaUaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m0", floorMessageId: "m2" })).toBe(-1);
  });

  it("expires a summary written in an earlier run", () => {
    // Written during the run that started at m0; m4 starts a new run.
    const messages = transcript("UauaUaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m6", floorMessageId: "m0" })).toBe(-1);
  });

  it("rejects a null floor once the transcript has a run", () => {
    const messages = transcript("uaUaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m4", floorMessageId: null })).toBe(-1);
  });

  it("rejects a floor id when there is no run", () => {
    const messages = transcript("uaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m2", floorMessageId: "m0" })).toBe(-1);
  });

  it("honours an explicit runIndex", () => {
    const messages = transcript("uauaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m4", floorMessageId: "m2" }, 2)).toBe(4);
    expect(summaryCutIndex(messages, { cutMessageId: "m2", floorMessageId: "m2" }, 2)).toBe(-1);
  });

  it("is -1 rather than throwing for an out-of-range runIndex", () => {
    const messages = transcript("uaua");
    expect(summaryCutIndex(messages, { cutMessageId: "m2", floorMessageId: null }, 9)).toBe(-1);
  });

  it("property: returns the cut index iff it exists, is user, is after the floor and the floor matches", () => {
    const arbMessages = fc
      .array(
        fc.record({
          role: fc.constantFrom("user", "assistant", "system"),
          // Rare run starts leave room for cuts after the floor.
          runStart: fc.nat({ max: 7 }).map((n) => n === 0),
        }),
        { maxLength: 30 },
      )
      .map((raw) => raw.map((m, i) => ({ id: `m${i}`, ...m })));
    const arbCase = arbMessages.chain((messages) => {
      const runIndex = latestRunIndex(messages);
      const actualFloor = runIndex >= 0 ? messages[runIndex]!.id : null;
      return fc.record({
        messages: fc.constant(messages),
        cutMessageId: fc.constantFrom(...messages.map((m) => m.id), "missing"),
        // Biased toward the real floor so valid summaries are common.
        floorMessageId: fc.oneof(
          { arbitrary: fc.constant(actualFloor), weight: 3 },
          { arbitrary: fc.constantFrom(null, ...messages.map((m) => m.id), "missing"), weight: 1 },
        ),
      });
    });
    let validCases = 0;
    fc.assert(
      fc.property(arbCase, ({ messages, cutMessageId, floorMessageId }) => {
        const result = summaryCutIndex(messages, { cutMessageId, floorMessageId });
        const runIndex = latestRunIndex(messages);
        const cut = messages.findIndex((m) => m.id === cutMessageId);
        const floorMatches = floorMessageId === (runIndex >= 0 ? messages[runIndex]!.id : null);
        const valid = cut !== -1 && messages[cut]!.role === "user" && cut > runIndex && floorMatches;
        if (valid) validCases++;
        expect(result).toBe(valid ? cut : -1);
        if (result !== -1) {
          expect(messages[result]!.role).toBe("user");
          expect(result).toBeGreaterThan(runIndex);
        }
      }),
      { numRuns: 500 },
    );
    // Guards against a generator that only ever exercises the -1 branch.
    expect(validCases).toBeGreaterThan(25);
  });
});
