/** Event-loop turns a page's reads wait, so Next sends the shell before them (6 were enough, measured). */
const SHELL_TURNS = 12;

/** Short timers after those turns, through which the event loop waits for I/O (see below). */
const IO_WAITS = 3;

/**
 * Resolves once the page's shell has left. SQLite's reads finish within the turn they start in, and
 * Next writes what was rendered by the time it flushes as one chunk: a read started at once (the
 * thread, the caller's session) would be done, and rendered, before the shell left, and the
 * document's first byte would wait for it. The shell takes a few turns of its own.
 *
 * Then a few 1 ms timers: a compressed response's shell is deflated on libuv's thread pool, and its
 * bytes reach the socket only in a later poll phase of the event loop. Immediates never let the loop
 * wait there, so the thread's render (synchronous, several ms for a page of Markdown) ran first and
 * the gzip client's first byte of body waited for it: 14-18 ms instead of 7 (measured by
 * `npm run bench -- peer` and by hand with `accept-encoding: gzip`).
 */
export async function afterShell(): Promise<void> {
  for (let turn = 0; turn < SHELL_TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
  for (let wait = 0; wait < IO_WAITS; wait++) await new Promise((resolve) => setTimeout(resolve, 1));
}
