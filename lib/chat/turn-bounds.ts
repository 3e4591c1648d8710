import type { UIMessageChunk } from "ai";

/*
 * Pure: the bounds of one turn, whatever the model streams. What the model has streamed so far is
 * tallied chunk by chunk; the first chunk that takes the tally past a bound is where the turn ends
 * (turn-guard.ts drops that chunk, aborts the model call and writes the note made here).
 */

export type TurnLimits = {
  /** MAX_TOOL_CALLS_PER_STEP: tool calls the model may ask for in one step. */
  toolCallsPerStep: number;
  /** MAX_TOOL_CALLS_PER_TURN: tool calls in the whole turn. */
  toolCallsPerTurn: number;
  /** MAX_REPLY_CHARS: characters of text, reasoning and tool-call input the model may stream. */
  replyChars: number;
  /** MAX_TURN_SECONDS: the turn's wall time. */
  turnSeconds: number;
};

export type TurnBound = "tool_calls_per_step" | "tool_calls_per_turn" | "reply_chars" | "turn_time";

type TurnTally = { stepCalls: number; turnCalls: number; replyChars: number };

export const EMPTY_TALLY: TurnTally = { stepCalls: 0, turnCalls: 0, replyChars: 0 };

/**
 * The tally with one more chunk. A tool call counts once, at its first chunk (`tool-input-start`
 * for a streamed call, else `tool-input-available`/`-error`): `known` holds the calls already
 * counted. Its input counts as streamed (deltas), or whole when it arrives in one piece.
 */
export function tallyChunk(tally: TurnTally, chunk: UIMessageChunk, known: ReadonlySet<string>): TurnTally {
  switch (chunk.type) {
    case "start-step":
      return { ...tally, stepCalls: 0 };
    case "text-delta":
    case "reasoning-delta":
      return { ...tally, replyChars: tally.replyChars + chunk.delta.length };
    case "tool-input-delta":
      return { ...tally, replyChars: tally.replyChars + chunk.inputTextDelta.length };
    case "tool-input-start":
      return known.has(chunk.toolCallId) ? tally : { ...tally, stepCalls: tally.stepCalls + 1, turnCalls: tally.turnCalls + 1 };
    case "tool-input-available":
    case "tool-input-error":
      if (known.has(chunk.toolCallId)) return tally;
      return {
        stepCalls: tally.stepCalls + 1,
        turnCalls: tally.turnCalls + 1,
        replyChars: tally.replyChars + (JSON.stringify(chunk.input ?? null)?.length ?? 0),
      };
    default:
      return tally;
  }
}

/** The bound the tally is past, or null. The turn's call bound is named first: it is the larger promise. */
export function crossedBound(tally: TurnTally, limits: TurnLimits): TurnBound | null {
  if (tally.turnCalls > limits.toolCallsPerTurn) return "tool_calls_per_turn";
  if (tally.stepCalls > limits.toolCallsPerStep) return "tool_calls_per_step";
  if (tally.replyChars > limits.replyChars) return "reply_chars";
  return null;
}

/**
 * Chunks that still pass once the turn is past a bound: the ends of parts already open (they add
 * nothing) and the results of calls already recorded. Everything else the model streams is dropped.
 */
export function passesAfterBound(chunk: UIMessageChunk, recordedCalls: ReadonlySet<string>): boolean {
  switch (chunk.type) {
    case "text-end":
    case "reasoning-end":
    case "finish-step":
    case "error":
    case "message-metadata":
      return true;
    case "tool-output-available":
    case "tool-output-error":
    case "tool-output-denied":
      return recordedCalls.has(chunk.toolCallId);
    default:
      return false;
  }
}

/** Why the turn ended, as a clause naming the bound and the setting that sets it. */
export function boundReason(bound: TurnBound, limits: TurnLimits): string {
  switch (bound) {
    case "tool_calls_per_step":
      return `the model asked for more than ${limits.toolCallsPerStep} tool calls in one step (MAX_TOOL_CALLS_PER_STEP)`;
    case "tool_calls_per_turn":
      return `the model asked for more than ${limits.toolCallsPerTurn} tool calls in this turn (MAX_TOOL_CALLS_PER_TURN)`;
    case "reply_chars":
      return `the reply passed ${limits.replyChars} characters (MAX_REPLY_CHARS)`;
    case "turn_time":
      return `the turn ran longer than ${limits.turnSeconds} seconds (MAX_TURN_SECONDS)`;
  }
}

/** What the reply ends with: which bound ended the turn and what was kept. */
export function boundNote(bound: TurnBound, limits: TurnLimits): string {
  return `The server ended this turn: ${boundReason(bound, limits)}. The reply is kept up to that point; tool calls that had not run were not run. Ask again in smaller steps to go on.`;
}

/**
 * The result of a recorded tool call the bound left without one: not run (tools run once a model
 * step has ended, so a call of the step the bound cut never started), or cut short while it ran.
 */
export function unfinishedCallText(bound: TurnBound, limits: TurnLimits, started: boolean): string {
  const why = boundReason(bound, limits);
  return started
    ? `The server ended the turn while this call ran, because ${why}; its result was not kept (any change it made shows in the workspace history or the actions list).`
    : `Not run: the server ended the turn because ${why}.`;
}
