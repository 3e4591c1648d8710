import { pickCut } from "./pick-cut";
import { pinnedPartText, selectPins, type PinCandidate } from "./pins";
import { latestRunIndex } from "./run-floor";
import { sumTokens, type CountTokens } from "./tokens";
import { sentMessageTokens } from "./tool-result-shrink";
import type { TranscriptMessage } from "./types";

/*
 * Without a summary to apply (none yet, a stale one, or a request check that failed) the model
 * gets the whole run. When that would not fit the context window, sending it only buys a context
 * overflow; the model gets a recent span instead, cut at a user turn like a compaction's, with a
 * note that the older messages are still reachable through the recall tools.
 */

export type RunBound = {
  /** The most input tokens a request may carry: the context window less room for the reply. */
  limitTokens: number;
  /** Input tokens besides the messages: the system prompt and the tool definitions. */
  fixedTokens: number;
  /** The span's own budget (CONTEXT_RECENT_TOKENS), lowered to what the limit leaves. */
  recentTokens: number;
  /** Rides as the first text part of the span's first user message, as a summary would. */
  note: { text: string; tokens: number };
  /** Pinned messages left out by the cut ride after the note, within this budget (PIN_MAX_TOKENS). */
  pinBudgetTokens: number;
  /** Tool outputs over this are shortened in the request (toolResultBaseCap), and count as this. */
  toolResultCapTokens: number;
};

export type BoundedSpan = {
  /** The user message the span starts at (it carries the note). */
  cutMessageId: string;
  /** Messages of the run left out (the run's start message, in a routine run, never is). */
  omittedMessages: number;
  omittedTokens: number;
  /** Pinned messages of the left-out part that ride after the note, and those over the pin budget. */
  pinnedIds: string[];
  pinsOverBudget: string[];
  /** Tokens the note and the pins add to the cut message. */
  addedTokens: number;
};

type Message = TranscriptMessage & { tokens: number };

/**
 * Whether the whole run fits the limit by its stored token counts: cheap, and never wrong when it
 * says yes (a request carries tool outputs shortened, never longer). boundRun decides the rest.
 */
export function runFits(run: ReadonlyArray<{ tokens: number }>, bound: Pick<RunBound, "limitTokens" | "fixedTokens">): boolean {
  return bound.fixedTokens + sumTokens(run) <= bound.limitTokens;
}

/**
 * The run as the request carries it without a summary: unchanged when it fits `bound` (counting
 * tool outputs as shortened), else from the earliest user message whose suffix fits the span's
 * budget (the latest user message always stays), with the note and the pins first in a copy of
 * that message. `run` is the run as planModelInput sends it without a summary: in a routine run
 * its start message comes first and stays. Unchanged too when there is no later user message to
 * cut at.
 */
export function boundRun<M extends Message>(
  run: readonly M[],
  bound: RunBound,
  /** Counts a tool output that may be over the cap (only messages over the cap are looked into). */
  count: CountTokens,
  /** The run's pinned messages (any position); only those before the cut are added. */
  pinned: ReadonlyArray<PinCandidate> = [],
): { messages: M[]; boundedSpan: BoundedSpan | null } {
  // Sized as the request carries them: one huge tool result is the shrink's to shorten, not a
  // reason to leave the turns before it out.
  const sized = run.map((m) => ({ role: m.role, runStart: m.runStart, tokens: sentMessageTokens(m, bound.toolResultCapTokens, count) }));
  if (runFits(sized, bound)) return { messages: [...run], boundedSpan: null };
  const runIndex = latestRunIndex(run);
  const first = runIndex + 1;
  // Reserved before the cut is known: the pins it leaves out are a subset of these.
  const pinReserve = sumTokens(selectPins(pinned, bound.pinBudgetTokens).included);
  const runStartTokens = runIndex >= 0 ? sized[runIndex]!.tokens : 0;
  const room = bound.limitTokens - bound.fixedTokens - runStartTokens - bound.note.tokens - pinReserve;
  const cut = pickCut(sized, Math.max(0, Math.min(bound.recentTokens, room)), runIndex);
  if (cut <= first) return { messages: [...run], boundedSpan: null };

  const omitted = run.slice(first, cut);
  const omittedIds = new Set(omitted.map((m) => m.id));
  const { included: pins, excluded } = selectPins(
    pinned.filter((p) => omittedIds.has(p.id)),
    bound.pinBudgetTokens,
  );
  const cutMessage = run[cut]!;
  const withNote = {
    ...cutMessage,
    parts: [{ type: "text", text: bound.note.text }, ...pins.map((p) => ({ type: "text", text: pinnedPartText(p) })), ...cutMessage.parts],
  } as M;
  return {
    messages: [...run.slice(0, first), withNote, ...run.slice(cut + 1)],
    boundedSpan: {
      cutMessageId: cutMessage.id,
      omittedMessages: omitted.length,
      omittedTokens: sumTokens(sized.slice(first, cut)),
      pinnedIds: pins.map((p) => p.id),
      pinsOverBudget: excluded.map((p) => p.id),
      addedTokens: bound.note.tokens + sumTokens(pins),
    },
  };
}
