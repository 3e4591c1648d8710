/*
 * Whether a person opened or closed a thread's workspace panel, remembered in a cookie so the
 * server renders the page's first frame with the panel as the person left it (localStorage would
 * be read only after that frame, and the panel would flash in or out). Without a choice the panel
 * follows the thread's files: open when it has any.
 */
export const WORKSPACE_CHOICE_COOKIE = "lrc-workspace";

/** The most recent choices kept: the cookie stays well under a kilobyte and a half. */
const KEEP = 40;
const ENTRY = /^([A-Za-z0-9_-]{1,64}):([01])$/;

/** Thread id → open, newest choice last; malformed entries are dropped. */
function parse(cookie: string | undefined): Map<string, boolean> {
  const choices = new Map<string, boolean>();
  for (const entry of (cookie ?? "").split(".")) {
    const match = ENTRY.exec(entry);
    if (match) choices.set(match[1]!, match[2] === "1");
  }
  return choices;
}

/** The remembered choice for one thread, or null when the person never toggled its panel. */
export function workspaceChoiceOf(cookie: string | undefined, threadId: string): boolean | null {
  return parse(cookie).get(threadId) ?? null;
}

/** The cookie's value with this thread's choice as the newest, the oldest dropped past KEEP. */
export function withWorkspaceChoice(cookie: string | undefined, threadId: string, open: boolean): string {
  const choices = parse(cookie);
  choices.delete(threadId);
  choices.set(threadId, open);
  return [...choices]
    .slice(-KEEP)
    .map(([id, isOpen]) => `${id}:${isOpen ? 1 : 0}`)
    .join(".");
}

/** Remembers a choice in this browser (a year; the page reads it on the server). */
export function rememberWorkspaceChoice(threadId: string, open: boolean): void {
  const current = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${WORKSPACE_CHOICE_COOKIE}=`))
    ?.slice(WORKSPACE_CHOICE_COOKIE.length + 1);
  const value = withWorkspaceChoice(current, threadId, open);
  document.cookie = `${WORKSPACE_CHOICE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
