// What a first screen shows, roughly: a tall window holds a few thousand characters of replies.
// The server renders only these; the rest of the page's messages arrive with the live transcript
// right after hydration, so the server's work does not grow with the page size.
const FIRST_SCREEN_CHARS = 4000;
const FIRST_SCREEN_MAX_MESSAGES = 12;

/** The newest messages, newest first, until about a screenful of text (always at least one). */
export function firstScreen<T extends { text: string }>(messages: readonly T[]): T[] {
  const out: T[] = [];
  let chars = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (out.length === FIRST_SCREEN_MAX_MESSAGES || (out.length > 0 && chars >= FIRST_SCREEN_CHARS)) break;
    out.push(messages[i]);
    chars += messages[i].text.length;
  }
  return out;
}
