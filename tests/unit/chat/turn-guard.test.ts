import type { UIMessageChunk } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { guardTurn } from "@/lib/chat/turn-guard";
import type { TurnLimits } from "@/lib/chat/turn-bounds";

const limits: TurnLimits = { toolCallsPerStep: 1, toolCallsPerTurn: 10, replyChars: 1000, turnSeconds: 60 };

/**
 * A model stream the test drives: `send` enqueues chunks; an abort behaves like streamText's, an
 * `abort` chunk and the end of the stream, after the chunks already under way (`inFlight`).
 */
function driven(inFlight: UIMessageChunk[] = []) {
  let out!: ReadableStreamDefaultController<UIMessageChunk>;
  const source = new ReadableStream<UIMessageChunk>({ start: (c) => void (out = c) });
  const aborts: string[] = [];
  const abort = (reason: Error) => {
    aborts.push(reason.message);
    for (const chunk of inFlight) out.enqueue(chunk);
    out.enqueue({ type: "abort" });
    out.close();
  };
  return { source, aborts, abort, send: (...chunks: UIMessageChunk[]) => chunks.forEach((c) => out.enqueue(c)), close: () => out.close() };
}

async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return chunks;
}

const call = (id: string): UIMessageChunk[] => [
  { type: "tool-input-start", toolCallId: id, toolName: "read_file" },
  { type: "tool-input-delta", toolCallId: id, inputTextDelta: '{"path":"x"}' },
  { type: "tool-input-available", toolCallId: id, toolName: "read_file", input: { path: "x" } },
];

describe("the turn guard", () => {
  afterEach(() => vi.useRealTimers());

  it("passes a turn within its bounds through unchanged", async () => {
    const model = driven();
    const guard = guardTurn(model.source, { limits, abort: model.abort, startedCalls: new Set(), noteId: "m-bound" });
    const chunks: UIMessageChunk[] = [{ type: "start" }, { type: "start-step" }, ...call("a"), { type: "finish-step" }, { type: "finish" }];
    model.send(...chunks);
    model.close();
    expect(await readAll(guard.stream)).toEqual(chunks);
    expect(guard.bound()).toBeNull();
    expect(model.aborts).toEqual([]);
  });

  it("aborts at the first chunk past a bound, drops it and what the model streams after, and ends with the note", async () => {
    // Under way when the abort lands: the crossing call's input and more text, all dropped.
    const model = driven([
      { type: "tool-input-delta", toolCallId: "b", inputTextDelta: "{}" },
      { type: "text-delta", id: "t", delta: "more" },
    ]);
    const guard = guardTurn(model.source, { limits, abort: model.abort, startedCalls: new Set(), noteId: "m-bound" });
    model.send({ type: "start" }, { type: "start-step" }, { type: "text-start", id: "t" }, ...call("a"), ...call("b"));
    const chunks = await readAll(guard.stream);

    expect(guard.bound()).toBe("tool_calls_per_step");
    expect(model.aborts).toEqual([
      expect.stringMatching(/^The server ended this turn: the model asked for more than 1 tool calls in one step/),
    ]);
    const note = chunks.find((c) => c.type === "text-delta" && c.id === "m-bound");
    expect(chunks).toEqual([
      { type: "start" },
      { type: "start-step" },
      { type: "text-start", id: "t" },
      ...call("a"),
      // The open text part is closed; the recorded call without a result is settled: it never ran.
      { type: "text-end", id: "t" },
      { type: "tool-output-error", toolCallId: "a", errorText: expect.stringMatching(/^Not run: /) },
      { type: "text-start", id: "m-bound" },
      note,
      { type: "text-end", id: "m-bound" },
      { type: "abort" },
    ]);
  });

  it("says a recorded call the bound cut short while it ran was started, and keeps results that arrive", async () => {
    const model = driven([{ type: "tool-output-available", toolCallId: "b", output: "done" }]);
    const guard = guardTurn(model.source, {
      limits: { ...limits, toolCallsPerStep: 5, toolCallsPerTurn: 2 },
      abort: model.abort,
      startedCalls: new Set(["a", "b"]),
      noteId: "m-bound",
    });
    model.send({ type: "start-step" }, ...call("a"), ...call("b"), ...call("c"));
    const chunks = await readAll(guard.stream);
    expect(guard.bound()).toBe("tool_calls_per_turn");
    expect(chunks.filter((c) => c.type === "tool-output-available")).toEqual([
      { type: "tool-output-available", toolCallId: "b", output: "done" },
    ]);
    expect(chunks.filter((c) => c.type === "tool-output-error")).toEqual([
      { type: "tool-output-error", toolCallId: "a", errorText: expect.stringMatching(/^The server ended the turn while this call ran/) },
    ]);
    expect(chunks.some((c) => "toolCallId" in c && c.toolCallId === "c")).toBe(false);
  });

  it("ends a turn that runs past its wall time, even while the model is silent", async () => {
    vi.useFakeTimers();
    const model = driven();
    const guard = guardTurn(model.source, {
      limits: { ...limits, turnSeconds: 2 },
      abort: model.abort,
      startedCalls: new Set(),
      noteId: "m-bound",
    });
    const reading = readAll(guard.stream);
    model.send({ type: "start" }, { type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "thinking" });
    await vi.advanceTimersByTimeAsync(1999);
    expect(model.aborts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(model.aborts).toEqual([expect.stringContaining("the turn ran longer than 2 seconds (MAX_TURN_SECONDS)")]);
    const chunks = await reading;
    expect(guard.bound()).toBe("turn_time");
    expect(chunks.map((c) => c.type)).toEqual([
      "start",
      "text-start",
      "text-delta",
      "text-end",
      "text-start",
      "text-delta",
      "text-end",
      "abort",
    ]);
  });
});
