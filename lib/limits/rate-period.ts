/*
 * Fixed-window rate limiting, the pure part: which window a moment falls in and how long until the
 * next one opens. Windows are aligned to the epoch, so every instance agrees on them without
 * talking to the others (clocks are assumed roughly in sync; a skew of a second or two only moves
 * the boundary).
 */

export type LimitKind = "turn" | "write";

export const windowIndex = (nowMs: number, windowS: number) => Math.floor(nowMs / 1000 / windowS);

/** Whole seconds until the window after `index` starts; at least 1 so "Retry-After: 0" never loops. */
export function secondsUntilNextWindow(nowMs: number, windowS: number, index: number): number {
  return Math.max(1, Math.ceil(((index + 1) * windowS * 1000 - nowMs) / 1000));
}

export function limitMessage(kind: LimitKind, retryAfterSeconds: number): string {
  const what = kind === "turn" ? "messages" : "changes";
  return `Too many ${what} in a short time. You can send again in ${retryAfterSeconds} s.`;
}
