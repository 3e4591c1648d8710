import type { UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import {
  boundNote,
  crossedBound,
  EMPTY_TALLY,
  passesAfterBound,
  tallyChunk,
  unfinishedCallText,
  type TurnLimits,
} from "@/lib/chat/turn-bounds";

const limits: TurnLimits = { toolCallsPerStep: 2, toolCallsPerTurn: 3, replyChars: 10, turnSeconds: 5 };

function tallyOf(chunks: UIMessageChunk[]) {
  const known = new Set<string>();
  let tally = EMPTY_TALLY;
  for (const chunk of chunks) {
    tally = tallyChunk(tally, chunk, known);
    if ("toolCallId" in chunk) known.add(chunk.toolCallId);
  }
  return tally;
}

describe("turn bounds (pure)", () => {
  it("counts a streamed call once, at its start, and its input as it streams", () => {
    const tally = tallyOf([
      { type: "start-step" },
      { type: "tool-input-start", toolCallId: "a", toolName: "read_file" },
      { type: "tool-input-delta", toolCallId: "a", inputTextDelta: '{"path":' },
      { type: "tool-input-delta", toolCallId: "a", inputTextDelta: '"x"}' },
      { type: "tool-input-available", toolCallId: "a", toolName: "read_file", input: { path: "x" } },
    ]);
    expect(tally).toEqual({ stepCalls: 1, turnCalls: 1, replyChars: 12 });
  });

  it("counts a call that arrives whole (no deltas) with its input's JSON", () => {
    const tally = tallyOf([
      { type: "tool-input-available", toolCallId: "a", toolName: "read_file", input: { path: "x" } },
      { type: "tool-input-error", toolCallId: "b", toolName: "nope", input: null, errorText: "no such tool" },
    ]);
    expect(tally).toEqual({ stepCalls: 2, turnCalls: 2, replyChars: '{"path":"x"}'.length + "null".length });
  });

  it("counts text and reasoning, and starts the step count again at each step", () => {
    const tally = tallyOf([
      { type: "start-step" },
      { type: "tool-input-start", toolCallId: "a", toolName: "read_file" },
      { type: "finish-step" },
      { type: "start-step" },
      { type: "reasoning-delta", id: "r", delta: "hmm" },
      { type: "text-delta", id: "t", delta: "done" },
      { type: "tool-output-available", toolCallId: "a", output: "x".repeat(100) },
    ]);
    // Tool results are the server's, not the model's stream: they do not count.
    expect(tally).toEqual({ stepCalls: 0, turnCalls: 1, replyChars: 7 });
  });

  it("is past a bound only beyond it, and names the turn's call bound first", () => {
    expect(crossedBound({ stepCalls: 2, turnCalls: 3, replyChars: 10 }, limits)).toBeNull();
    expect(crossedBound({ stepCalls: 3, turnCalls: 3, replyChars: 0 }, limits)).toBe("tool_calls_per_step");
    expect(crossedBound({ stepCalls: 1, turnCalls: 4, replyChars: 0 }, limits)).toBe("tool_calls_per_turn");
    expect(crossedBound({ stepCalls: 3, turnCalls: 4, replyChars: 11 }, limits)).toBe("tool_calls_per_turn");
    expect(crossedBound({ stepCalls: 0, turnCalls: 0, replyChars: 11 }, limits)).toBe("reply_chars");
  });

  it("past a bound lets through only the ends of open parts and results of recorded calls", () => {
    const recorded = new Set(["a"]);
    const passes = (chunk: UIMessageChunk) => passesAfterBound(chunk, recorded);
    expect(passes({ type: "text-end", id: "t" })).toBe(true);
    expect(passes({ type: "finish-step" })).toBe(true);
    expect(passes({ type: "tool-output-available", toolCallId: "a", output: 1 })).toBe(true);
    expect(passes({ type: "tool-output-available", toolCallId: "b", output: 1 })).toBe(false);
    expect(passes({ type: "text-delta", id: "t", delta: "more" })).toBe(false);
    expect(passes({ type: "tool-input-start", toolCallId: "c", toolName: "read_file" })).toBe(false);
    expect(passes({ type: "tool-input-delta", toolCallId: "a", inputTextDelta: "x" })).toBe(false);
    expect(passes({ type: "start-step" })).toBe(false);
  });

  it("says which bound ended the turn, with its setting, and whether an unfinished call ran", () => {
    expect(boundNote("tool_calls_per_step", limits)).toMatch(
      /^The server ended this turn: the model asked for more than 2 tool calls in one step \(MAX_TOOL_CALLS_PER_STEP\)\./,
    );
    expect(boundNote("tool_calls_per_turn", limits)).toContain("more than 3 tool calls in this turn (MAX_TOOL_CALLS_PER_TURN)");
    expect(boundNote("reply_chars", limits)).toContain("the reply passed 10 characters (MAX_REPLY_CHARS)");
    expect(boundNote("turn_time", limits)).toContain("the turn ran longer than 5 seconds (MAX_TURN_SECONDS)");
    expect(unfinishedCallText("turn_time", limits, false)).toMatch(/^Not run: the server ended the turn because the turn ran longer/);
    expect(unfinishedCallText("turn_time", limits, true)).toMatch(/^The server ended the turn while this call ran.*result was not kept/);
  });
});
