// Turns of this process that have not reached their first token yet. Background work in the same
// process (a compaction: reading the span, finding names, the in-process summarizer) steps aside
// for them between its slices, so a reply does not queue behind a summary on one event loop.
let waiting = 0;
let whenIdle: Array<() => void> = [];

/** Marks a turn as waiting for its first token; call the returned function once it has it (idempotent). */
export function foregroundStarted(): () => void {
  waiting++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--waiting > 0) return;
    const resume = whenIdle;
    whenIdle = [];
    for (const r of resume) r();
  };
}

/**
 * Resolves once no turn of this process waits for its first token, or after `maxWaitMs` at most:
 * a steady stream of turns must not starve a compaction past its lease.
 */
export function foregroundIdle(maxWaitMs = 2_000): Promise<void> {
  if (waiting === 0) return new Promise((r) => setImmediate(r));
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    whenIdle.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
