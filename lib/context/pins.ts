import { summarizerText } from "./summarizer-input";
import type { StoredPart } from "./types";

/*
 * Pinned messages are never summarized away: when a summary replaces the older part of the
 * transcript, the pinned messages of that part ride verbatim right after it, within a budget.
 */

export type PinCandidate = { id: string; seq: number; role: string; tokens: number; parts: readonly StoredPart[] };

export function pinnedPartText(message: Pick<PinCandidate, "role" | "parts">): string {
  return `Pinned message (${message.role}), kept verbatim:\n${summarizerText(message.parts, Number.POSITIVE_INFINITY)}`;
}

/**
 * The pins that fit `budgetTokens`, newest first (a person's latest pin is the likeliest to
 * matter); returned oldest first, as they appear in the conversation. The pin API refuses pins
 * over the budget, so `excluded` is only non-empty after the budget was lowered.
 */
export function selectPins<P extends Pick<PinCandidate, "seq" | "tokens">>(
  pins: readonly P[],
  budgetTokens: number,
): { included: P[]; excluded: P[] } {
  const newestFirst = [...pins].sort((a, b) => b.seq - a.seq);
  const included: P[] = [];
  const excluded: P[] = [];
  let used = 0;
  for (const pin of newestFirst) {
    if (used + pin.tokens <= budgetTokens) {
      included.push(pin);
      used += pin.tokens;
    } else {
      excluded.push(pin);
    }
  }
  return { included: included.reverse(), excluded };
}
