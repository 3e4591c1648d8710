/*
 * Fixed-period rate limiting, the pure part: which rate period a moment falls in and how long until
 * the next one opens ("period", not "window": see the glossary in docs/architecture.md).
 * Periods are aligned to the epoch, so every instance agrees on them without talking to the others
 * (clocks are assumed roughly in sync; a skew of a second or two only moves the boundary). The
 * settings keep their names (RATE_WINDOW_S, *_PER_WINDOW, AUTH_WINDOW_S) for compatibility.
 */

export type LimitKind = "turn" | "write";

export const periodIndex = (nowMs: number, periodS: number) => Math.floor(nowMs / 1000 / periodS);

/** Whole seconds until the period after `index` starts; at least 1 so "Retry-After: 0" never loops. */
export function secondsUntilNextPeriod(nowMs: number, periodS: number, index: number): number {
  return Math.max(1, Math.ceil(((index + 1) * periodS * 1000 - nowMs) / 1000));
}

export function limitMessage(kind: LimitKind, retryAfterSeconds: number): string {
  const what = kind === "turn" ? "messages" : "changes";
  return `Too many ${what} in a short time. You can send again in ${retryAfterSeconds} s.`;
}
