import { attachmentRef, attachmentTokens } from "./attachment-parts";
import type { StoredPart } from "./types";

/** Injected so this module stays tokenizer-agnostic and cheap to test. */
export type CountTokens = (text: string) => number;

/** Plain text of the text parts; tool calls, reasoning and files are excluded. */
export function messageText(parts: readonly StoredPart[]): string {
  const texts: string[] = [];
  for (const part of parts) {
    if (part.type === "text" && typeof part.text === "string") texts.push(part.text);
  }
  return texts.join("\n");
}

/**
 * Text that a part contributes to the request, for budgeting. Tool inputs and
 * outputs are where long turns get their size, so counting only text parts
 * would let a 20k-token tool result slip under the context budget.
 */
export function partTokenText(part: StoredPart): string {
  if (typeof part.text === "string") return part.text;
  if (part.type === "step-start") return "";
  const payload: unknown[] = [];
  for (const key of ["input", "output", "errorText", "data", "parts"] as const) {
    if (part[key] !== undefined) payload.push(part[key]);
  }
  if (payload.length === 0) return "";
  try {
    return JSON.stringify(payload);
  } catch {
    // Circular or BigInt payloads cannot be serialised; undercounting one
    // part beats failing the whole request.
    return "";
  }
}

/** Estimated tokens for one stored message, including tool payloads. */
export function countMessageTokens(parts: readonly StoredPart[], count: CountTokens): number {
  let total = 0;
  for (const part of parts) {
    // An attachment costs its note, and an image the image itself while its message is sent.
    const ref = attachmentRef(part);
    if (ref) {
      total += attachmentTokens(ref, count);
      continue;
    }
    const text = partTokenText(part);
    if (text !== "") total += count(text);
  }
  return total;
}

export function sumTokens(messages: ReadonlyArray<{ tokens: number }>): number {
  let total = 0;
  for (const message of messages) total += message.tokens;
  return total;
}

export type InputTokenEstimate = {
  system: number;
  summary: number;
  messages: number;
  total: number;
};

/** Kept as a breakdown so logs show which part of the request grew. */
export function estimateInputTokens(input: { systemTokens: number; summaryTokens: number; messageTokens: number }): InputTokenEstimate {
  const { systemTokens, summaryTokens, messageTokens } = input;
  return {
    system: systemTokens,
    summary: summaryTokens,
    messages: messageTokens,
    total: systemTokens + summaryTokens + messageTokens,
  };
}
