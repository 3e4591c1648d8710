import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundRun, pinnedPartText, runFits, sentMessageTokens, type RunBound, type TranscriptMessage } from "@/lib/context";
import { deepFreeze } from "./deep-freeze";

type Msg = TranscriptMessage & { tokens: number; seq: number };

const NOTE = { text: "Older messages are left out; search them.", tokens: 10 };

const msg = (i: number, role: "user" | "assistant", tokens: number, runStart = false): Msg => ({
  id: `m${i}`,
  seq: i + 1,
  role,
  tokens,
  parts: [{ type: "text", text: `${role} ${i}` }],
  ...(runStart ? { runStart } : {}),
});

const bound = (over: Partial<RunBound> = {}): RunBound => ({
  limitTokens: 1000,
  fixedTokens: 100,
  recentTokens: 300,
  note: NOTE,
  pinBudgetTokens: 0,
  toolResultCapTokens: 10_000,
  ...over,
});

// A stand-in tokenizer: one token per character, so a test can size a tool output by its length.
const perChar = (text: string) => text.length;

const sum = (ms: ReadonlyArray<{ tokens: number }>) => ms.reduce((n, m) => n + m.tokens, 0);

describe("boundRun", () => {
  it("sends a run that fits as it is", () => {
    const run = [msg(0, "user", 400), msg(1, "assistant", 500)];
    expect(runFits(run, bound())).toBe(true);
    expect(boundRun(run, bound(), perChar)).toEqual({ messages: run, boundedSpan: null });
  });

  it("cuts a run that does not fit at the earliest user turn within the span's budget, the note first in that message", () => {
    const run = [msg(0, "user", 400), msg(1, "assistant", 400), msg(2, "user", 100), msg(3, "assistant", 150), msg(4, "user", 50)];
    const { messages, boundedSpan } = boundRun(run, bound(), perChar);
    expect(messages.map((m) => m.id)).toEqual(["m2", "m3", "m4"]);
    expect(messages[0]!.parts).toEqual([
      { type: "text", text: NOTE.text },
      { type: "text", text: "user 2" },
    ]);
    expect(messages[0]).not.toBe(run[2]);
    expect(messages[1]).toBe(run[3]);
    expect(boundedSpan).toEqual({
      cutMessageId: "m2",
      omittedMessages: 2,
      omittedTokens: 800,
      pinnedIds: [],
      pinsOverBudget: [],
      addedTokens: NOTE.tokens,
    });
  });

  it("lowers the span's budget to what the limit leaves after the fixed part and the note", () => {
    // recentTokens alone would keep m2 (suffix 300); the limit leaves 1000 - 100 - 10 - 600 = 290.
    const run = [msg(0, "user", 400), msg(1, "assistant", 400), msg(2, "user", 100), msg(3, "assistant", 150), msg(4, "user", 50)];
    const tight = bound({ fixedTokens: 700, recentTokens: 10_000 });
    expect(boundRun(run, tight, perChar).boundedSpan?.cutMessageId).toBe("m4");
  });

  it("keeps the latest user turn even when it alone is over the budget", () => {
    const run = [msg(0, "user", 600), msg(1, "assistant", 100), msg(2, "user", 900)];
    expect(boundRun(run, bound(), perChar).messages.map((m) => m.id)).toEqual(["m2"]);
  });

  it("changes nothing when there is no later user message to cut at", () => {
    const run = [msg(0, "user", 100), msg(1, "assistant", 2000)];
    expect(boundRun(run, bound(), perChar)).toEqual({ messages: run, boundedSpan: null });
  });

  it("keeps a routine run's start message first, and never cuts at it", () => {
    const run = [msg(0, "user", 300, true), msg(1, "assistant", 400), msg(2, "user", 100), msg(3, "assistant", 300)];
    const { messages, boundedSpan } = boundRun(run, bound(), perChar);
    expect(messages.map((m) => m.id)).toEqual(["m0", "m2", "m3"]);
    expect(messages[0]).toBe(run[0]);
    expect(boundedSpan).toMatchObject({ cutMessageId: "m2", omittedMessages: 1, omittedTokens: 400 });
  });

  it("carries the pins of the left-out part after the note, within the pin budget, newest first", () => {
    const run = [msg(0, "user", 300), msg(1, "assistant", 300), msg(2, "user", 300), msg(3, "assistant", 300), msg(4, "user", 50)];
    const pinned = [run[0]!, run[1]!, run[4]!].map((m) => ({ ...m, tokens: 40 }));
    const { messages, boundedSpan } = boundRun(run, bound({ pinBudgetTokens: 120 }), perChar, pinned);
    expect(messages.map((m) => m.id)).toEqual(["m4"]);
    // m4 is in the span already; m0 and m1 were left out and both fit the budget.
    expect(messages[0]!.parts).toEqual([
      { type: "text", text: NOTE.text },
      { type: "text", text: pinnedPartText(run[0]!) },
      { type: "text", text: pinnedPartText(run[1]!) },
      { type: "text", text: "user 4" },
    ]);
    expect(boundedSpan).toMatchObject({ pinnedIds: ["m0", "m1"], pinsOverBudget: [], addedTokens: NOTE.tokens + 80 });
    expect(boundRun(run, bound({ pinBudgetTokens: 50 }), perChar, pinned).boundedSpan).toMatchObject({
      pinnedIds: ["m1"],
      pinsOverBudget: ["m0"],
    });
  });

  it("counts a tool output over the cap as the cap: the shrink shortens it, so the turns before it stay", () => {
    const output = { ok: true, content: "x".repeat(2000) };
    const read: Msg = { ...msg(1, "assistant", 2100), parts: [{ type: "tool-read_file", input: { path: "big.md" }, output }] };
    const run = [msg(0, "user", 50), read, msg(2, "user", 50)];
    const sent = sentMessageTokens(read, 200, perChar);
    expect(sent).toBe(2100 - (JSON.stringify(output).length - 200));
    expect(boundRun(run, bound({ toolResultCapTokens: 200 }), perChar).boundedSpan).toBeNull();
    // Counted whole, the same run would leave the first turn out.
    expect(boundRun(run, bound({ toolResultCapTokens: 5000 }), perChar).boundedSpan).toMatchObject({ cutMessageId: "m2" });
  });

  it("looks into a message's outputs only when the message is over the cap", () => {
    let counted = 0;
    const counting = (text: string) => {
      counted++;
      return text.length;
    };
    const small: Msg = { ...msg(1, "assistant", 150), parts: [{ type: "tool-list_files", output: "a".repeat(300) }] };
    expect(sentMessageTokens(small, 200, counting)).toBe(150);
    expect(counted).toBe(0);
  });

  const arbCase = fc
    .record({
      roles: fc.array(fc.record({ user: fc.boolean(), tokens: fc.nat({ max: 400 }) }), { maxLength: 30 }),
      runStart: fc.boolean(),
      pinned: fc.array(fc.nat({ max: 29 }), { maxLength: 5 }),
      bound: fc.record({
        limitTokens: fc.nat({ max: 4000 }),
        fixedTokens: fc.nat({ max: 500 }),
        recentTokens: fc.nat({ max: 2000 }),
        note: fc.constant(NOTE),
        pinBudgetTokens: fc.nat({ max: 300 }),
        toolResultCapTokens: fc.constant(10_000),
      }),
    })
    .map(({ roles, runStart, pinned, bound }) => {
      const run = roles.map((r, i) => msg(i, r.user || (runStart && i === 0) ? "user" : "assistant", r.tokens, runStart && i === 0));
      const pins = [...new Set(pinned)].filter((i) => i < run.length).map((i) => ({ ...run[i]!, tokens: 30 }));
      return { run, pins, bound };
    });

  it("property: a run that fits is untouched; one that does not is a suffix cut at a user turn that fits unless forced", () => {
    fc.assert(
      fc.property(arbCase, ({ run, pins, bound: b }) => {
        deepFreeze(run);
        const { messages, boundedSpan } = boundRun(run, b, perChar, pins);
        const floor = run[0]?.runStart ? 0 : -1;
        const head = run.slice(0, floor + 1);
        const laterUsers = run.flatMap((m, i) => (m.role === "user" && i > floor + 1 ? [i] : []));

        if (runFits(run, b) || laterUsers.length === 0) {
          // Nothing to bound, or nothing to cut at: the run goes as it is.
          expect(boundedSpan).toBeNull();
          expect(messages).toEqual(run);
          return;
        }
        expect(boundedSpan).not.toBeNull();
        const cut = run.findIndex((m) => m.id === boundedSpan!.cutMessageId);
        // The routine run's start stays first; then the cut message (a user turn), then the rest verbatim.
        expect(messages.slice(0, head.length)).toEqual(head);
        expect(cut).toBeGreaterThan(floor + 1);
        expect(run[cut]!.role).toBe("user");
        expect(messages.slice(head.length + 1)).toEqual(run.slice(cut + 1));
        expect(messages[head.length]!.parts[0]).toEqual({ type: "text", text: NOTE.text });
        expect(messages[head.length]!.parts.slice(1 + boundedSpan!.pinnedIds.length)).toEqual(run[cut]!.parts);
        // The latest user turn is always in the span.
        expect(cut).toBeLessThanOrEqual(laterUsers.at(-1)!);
        expect(boundedSpan!.omittedMessages).toBe(cut - head.length);
        expect(boundedSpan!.omittedTokens).toBe(sum(run.slice(head.length, cut)));

        // Within the budget unless only the latest turn is left, and no earlier user turn would also fit.
        const pinReserve = 30 * Math.min(pins.length, Math.floor(b.pinBudgetTokens / 30));
        const room = Math.max(0, Math.min(b.recentTokens, b.limitTokens - b.fixedTokens - sum(head) - NOTE.tokens - pinReserve));
        const spanTokens = sum(run.slice(cut));
        if (spanTokens > room) expect(cut).toBe(laterUsers.at(-1));
        for (const i of laterUsers) if (i < cut) expect(sum(run.slice(i))).toBeGreaterThan(room);

        // Pins that ride are pinned, left out by the cut, and within their budget.
        const omittedIds = new Set(run.slice(head.length, cut).map((m) => m.id));
        for (const id of boundedSpan!.pinnedIds) expect(omittedIds.has(id) && pins.some((p) => p.id === id)).toBe(true);
        expect(30 * boundedSpan!.pinnedIds.length).toBeLessThanOrEqual(b.pinBudgetTokens);
        expect(boundedSpan!.addedTokens).toBe(NOTE.tokens + 30 * boundedSpan!.pinnedIds.length);
      }),
      { numRuns: 1000 },
    );
  });
});
