import type { ModelMessage } from "ai";
import { summaryPartText } from "./summary-part";

export type WindowExpectation = {
  summaryText: string;
  /**
   * How many user-role model messages precede the cut in the request. The
   * plan starts at the cut, so this is 0 unless the caller puts user
   * messages ahead of the planned ones.
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
