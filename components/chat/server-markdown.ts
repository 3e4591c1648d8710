/*
 * The server's rendering of the messages on its first screen, kept for the live chat: those rows
 * are in the page as HTML already, and parsing their markdown again in the browser (react-markdown,
 * a few ms a message when it is cold) was part of the live chat's first render on every open.
 */

/** The server copy's message list (server-transcript.tsx); its rows are what is kept. */
const SERVER_COPY = "[data-server-copy]";

/** FNV-1a over the text's UTF-16 units: tells the browser the HTML it finds is of this very text. */
export function markdownSourceHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36) + text.length.toString(36);
}

type Kept = { hash: string; html: string };
// At most the first screen of one page load (the server renders about a dozen messages).
const kept = new Map<string, Kept>();

/**
 * Reads the server copy's rendered markdown before the live chat replaces it. Blocks with code are
 * left out: the live chat colours them, the server's HTML is plain.
 */
export function keepServerMarkdown(root: ParentNode | undefined = globalThis.document): void {
  if (!root) return;
  for (const el of root.querySelectorAll(`${SERVER_COPY} [data-md-key]`)) {
    const key = el.getAttribute("data-md-key");
    const hash = el.getAttribute("data-md-hash");
    if (key && hash && !el.querySelector("pre")) kept.set(key, { hash, html: el.innerHTML });
  }
}

/** The server's HTML for this message part, if it rendered exactly this text. */
export function serverMarkdown(key: string, text: string): string | undefined {
  const hit = kept.get(key);
  return hit && hit.hash === markdownSourceHash(text) ? hit.html : undefined;
}
