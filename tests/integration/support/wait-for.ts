export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `read` until `ok` holds and returns that value. Past the time it throws with the last value
 * read: a wait that never came true must fail the test, not let it go on (a silent timeout once
 * hid a stale condition that made a test wait 15 s and then test something else).
 */
export async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`waitFor: not true after ${timeoutMs} ms; last value read: ${preview(v)}`);
    await sleep(100);
  }
}

function preview(v: unknown): string {
  try {
    return JSON.stringify(v)?.slice(0, 500) ?? String(v);
  } catch {
    return String(v);
  }
}
