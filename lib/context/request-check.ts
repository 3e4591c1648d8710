import type { ModelMessage } from "ai";
import { summaryPartText } from "./summary-part";

export type RequestExpectation = {
  summaryText: string;
  /**
   * How many user-role model messages precede the cut in the request. The
   * plan starts at the cut, so this is 0 unless the caller puts user
   * messages ahead of the planned ones.
   */
  userMessagesBeforeCut: number;
  /** Texts the plan put between the summary and the cut message's own parts (pinned messages). */
  pinnedTexts?: readonly string[];
  /**
   * The cut message's own opening text (its first text part as stored), or null when it has none.
   * This is what proves the summary landed on the right message: the summary part is the plan's
   * own output, so comparing only it would compare the summary with itself. Undefined skips it.
   */
  cutOpeningText?: string | null;
};

export type RequestCheck = { ok: true } | { ok: false; reason: string };

/**
 * Confirms that the summary survived conversion into the request. Model
 * messages carry no transcript ids and an assistant message with tool results
 * expands into assistant + tool messages, so position is only stable when
 * counted in user messages.
 */
export function verifyRequest(modelMessages: readonly ModelMessage[], expected: RequestExpectation): RequestCheck {
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
    return checkCutParts(message.content, expected);
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

function checkCutParts(content: Extract<ModelMessage, { role: "user" }>["content"], expected: RequestExpectation): RequestCheck {
  const pinned = expected.pinnedTexts ?? [];
  if (expected.cutOpeningText === undefined && pinned.length === 0) return { ok: true };
  const parts = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
  for (let i = 0; i < pinned.length; i++) {
    const part = parts[1 + i];
    if (part?.type !== "text" || part.text !== pinned[i])
      return { ok: false, reason: `pinned message ${i + 1} is not where the plan put it` };
  }
  if (expected.cutOpeningText === undefined) return { ok: true };
  // The summary part is excluded: what follows it must be the cut message's own opening text.
  const own = parts.slice(1 + pinned.length).find((part) => part.type === "text");
  const ownText = own?.type === "text" ? own.text : null;
  if (ownText !== expected.cutOpeningText) {
    return { ok: false, reason: "the cut message's opening text does not match the stored cut message" };
  }
  return { ok: true };
}
