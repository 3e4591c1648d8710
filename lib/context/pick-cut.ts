import { latestRunIndex } from "./run-floor";

/**
 * Chooses where the verbatim tail starts. Cuts only land on user messages so
 * the model resumes at a turn boundary, never mid tool exchange.
 *
 * Returns the earliest user message after the run floor whose suffix (itself
 * included) fits the budget. If none fits, the latest user message is kept
 * anyway: dropping the turn the user just sent would lose the request itself.
 * Returns -1 when there is no user message after the floor.
 */
export function pickCut(
  messages: ReadonlyArray<{ role: string; tokens: number; runStart?: boolean }>,
  budgetTokens: number,
  runIndex: number = latestRunIndex(messages),
): number {
  let suffix = 0;
  let latestUser = -1;
  let earliestFitting = -1;
  // No early exit once the budget is exceeded: token counts are supposed to
  // be non-negative, but the definition stays exact even if a caller hands
  // in corrections, and a single pass is O(n) either way.
  for (let i = messages.length - 1; i > runIndex; i--) {
    const message = messages[i]!;
    suffix += message.tokens;
    if (message.role !== "user") continue;
    if (latestUser === -1) latestUser = i;
    if (suffix <= budgetTokens) earliestFitting = i;
  }
  return earliestFitting !== -1 ? earliestFitting : latestUser;
}
