import type { UIMessageChunk } from "ai";
import {
  boundNote,
  crossedBound,
  EMPTY_TALLY,
  passesAfterBound,
  tallyChunk,
  unfinishedCallText,
  type TurnBound,
  type TurnLimits,
} from "./turn-bounds";

export type TurnGuard = {
  /** The reply's UI stream with the bounds applied: what the client and the recorder both read. */
  stream: ReadableStream<UIMessageChunk>;
  /** The bound that ended the turn, or null. */
  bound: () => TurnBound | null;
  /** Stops the wall-time timer; called once the turn has ended, however it ended. */
  dispose: () => void;
};

/**
 * Bounds one turn whatever the model streams (turn-bounds.ts decides). Sits on the reply's UI
 * stream before it is split between the client and the recorder, so both see the same reply. At
 * the first chunk past a bound, or when the wall time runs out, the model call is aborted (the
 * caller's `abort`): the model stops streaming, and the chunk and everything the model streamed
 * after it are dropped. Once the stream has ended, the reply's open parts are closed, its recorded
 * calls left without a result get one that says so, then come the note of why the turn ended and
 * the held end chunks.
 * Without this, one message asking for ~6,000 tool calls streamed on until a person pressed Stop.
 */
export function guardTurn(
  source: ReadableStream<UIMessageChunk>,
  opts: {
    limits: TurnLimits;
    abort: (reason: Error) => void;
    /** Calls whose execution the tool budget let start (tool-budget.ts). */
    startedCalls: ReadonlySet<string>;
    noteId: string;
  },
): TurnGuard {
  const { limits } = opts;
  let tally = EMPTY_TALLY;
  let bound: TurnBound | null = null;
  const recorded = new Set<string>();
  // Recorded calls whose input is whole and which have no result yet.
  const open = new Set<string>();
  // Text and reasoning parts started and not yet ended: the bound closes them.
  const openParts = new Map<string, "text-end" | "reasoning-end">();
  const held: UIMessageChunk[] = [];

  const end = (crossed: TurnBound) => {
    if (bound) return;
    bound = crossed;
    clearTimeout(timer);
    opts.abort(new DOMException(boundNote(crossed, limits), "AbortError"));
  };
  const timer = setTimeout(() => end("turn_time"), limits.turnSeconds * 1000);

  const stream = source.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, out) {
        if (bound) {
          // The abort and finish close the reply: they follow the note (flush).
          if (chunk.type === "abort" || chunk.type === "finish") held.push(chunk);
          else if (passesAfterBound(chunk, recorded)) forward(chunk, out);
          return;
        }
        const next = tallyChunk(tally, chunk, recorded);
        const crossed = crossedBound(next, limits);
        if (crossed) return end(crossed);
        tally = next;
        forward(chunk, out);
      },
      flush(out) {
        clearTimeout(timer);
        if (!bound) return;
        for (const [id, type] of openParts) out.enqueue({ type, id });
        for (const toolCallId of open) {
          out.enqueue({
            type: "tool-output-error",
            toolCallId,
            errorText: unfinishedCallText(bound, limits, opts.startedCalls.has(toolCallId)),
          });
        }
        out.enqueue({ type: "text-start", id: opts.noteId });
        out.enqueue({ type: "text-delta", id: opts.noteId, delta: boundNote(bound, limits) });
        out.enqueue({ type: "text-end", id: opts.noteId });
        for (const chunk of held) out.enqueue(chunk);
      },
    }),
  );

  function forward(chunk: UIMessageChunk, out: TransformStreamDefaultController<UIMessageChunk>) {
    if (chunk.type === "text-start") openParts.set(chunk.id, "text-end");
    if (chunk.type === "reasoning-start") openParts.set(chunk.id, "reasoning-end");
    if (chunk.type === "text-end" || chunk.type === "reasoning-end") openParts.delete(chunk.id);
    if (chunk.type === "tool-input-start") recorded.add(chunk.toolCallId);
    if (chunk.type === "tool-input-available") {
      recorded.add(chunk.toolCallId);
      open.add(chunk.toolCallId);
    }
    if (chunk.type === "tool-input-error") recorded.add(chunk.toolCallId);
    if (
      (chunk.type === "tool-output-available" && !chunk.preliminary) ||
      chunk.type === "tool-output-error" ||
      chunk.type === "tool-output-denied"
    )
      open.delete(chunk.toolCallId);
    out.enqueue(chunk);
  }

  return { stream, bound: () => bound, dispose: () => clearTimeout(timer) };
}
