/** Event-loop turns a page's reads wait, so Next sends the shell before them (6 were enough, measured). */
const SHELL_TURNS = 12;

/**
 * Resolves once the page's shell has left. SQLite's reads finish within the turn they start in, and
 * Next writes what was rendered by the time it flushes as one chunk: a read started at once (the
 * thread, the caller's session) would be done, and rendered, before the shell left, and the
 * document's first byte would wait for it. The shell takes a few turns of its own.
 */
export async function afterShell(): Promise<void> {
  for (let turn = 0; turn < SHELL_TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
}
