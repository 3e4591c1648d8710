import type { ModelMessage } from "ai";
import { summaryPartText } from "./summary-part";
import type { StoredMessage } from "./types";

export type WindowExpectation = {
  summaryText: string;
  /**
   * How many user-role model messages precede the cut in the request. The
   * plan starts at the cut, so this is 0 unless the caller puts user
   * messages ahead of the planned ones (see `userModelMessageCount`).
   */
  userMessagesBeforeCut: number;
};

export type WindowCheck = { ok: true } | { ok: false; reason: string };

/**
 * Confirms that the summary survived conversion into the request. Model
 * messages carry no transcript ids and an assistant message with tool results
 * expands into assistant + tool messages, so position is only stable when
 * counted in user messages.
 */
export function verifyWindow(
  modelMessages: readonly ModelMessage[],
  expected: WindowExpectation,
): WindowCheck {
  const target = expected.userMessagesBeforeCut;
  if (!Number.isInteger(target) || target < 0) {
    return { ok: false, reason: `invalid userMessagesBeforeCut: ${target}` };
  }
  let seen = 0;
  for (const message of modelMessages) {
    if (message.role !== "user") continue;
    if (seen++ < target) continue;
    const opening = openingText(message.content);
    if (opening === null) return { ok: false, reason: "cut message has no opening text part" };
    if (opening !== summaryPartText(expected.summaryText)) {
      return { ok: false, reason: "summary text mismatch" };
    }
    return { ok: true };
  }
  return {
    ok: false,
    reason: `cut user message not found: expected user message #${target + 1}, request has ${seen}`,
  };
}

function openingText(content: Extract<ModelMessage, { role: "user" }>["content"]): string | null {
  // A plain string is one text part; comparing it whole keeps the check
  // exact instead of accepting a summary that was merged into other text.
  if (typeof content === "string") return content;
  const first = content[0];
  return first !== undefined && first.type === "text" ? first.text : null;
}

export type WindowDecision<F> =
  | { windowApplied: true; messages: ModelMessage[] }
  | { windowApplied: false; reason: string; fallback: F };

/**
 * Sending a request without the window costs tokens; sending one whose
 * summary landed in the wrong place would silently mislead the model. So a
 * failed check always falls back, and the reason is returned for logging.
 * `fallback` is lazy because building the unwindowed request is extra work
 * (and usually async) that the common path should not pay for.
 */
export function applyWindowOrFallback<F>(
  windowed: ModelMessage[],
  expected: WindowExpectation,
  fallback: () => F,
): WindowDecision<F> {
  const check = verifyWindow(windowed, expected);
  if (check.ok) return { windowApplied: true, messages: windowed };
  return { windowApplied: false, reason: check.reason, fallback: fallback() };
}

/**
 * How many user-role model messages the AI SDK conversion will produce for
 * these stored messages: one per user message, plus one per steering message
 * that was folded into an assistant message while it streamed. Use it to
 * compute `userMessagesBeforeCut` for anything placed ahead of the plan.
 */
export function userModelMessageCount(messages: readonly StoredMessage[]): number {
  let count = 0;
  for (const message of messages) {
    if (message.role === "user") count++;
    else if (message.role === "assistant") {
      count += message.parts.filter((part) => part.type === "steering-message").length;
    }
  }
  return count;
}
