/**
 * The label is part of the contract: the request check compares
 * the cut message's opening text with this exact string, so the plan and the
 * check must build it the same way.
 */
export const SUMMARY_LABEL = "Summary of earlier conversation:";

export function summaryPartText(text: string): string {
  return `${SUMMARY_LABEL}\n${text}`;
}
