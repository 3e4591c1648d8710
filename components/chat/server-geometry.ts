/*
 * The server copy's geometry, read just before the live chat replaces it: the height of each row it
 * drew, of the list, and from those the height a character of text takes at this width. The live
 * transcript starts from them instead of a flat guess per row, so its first render mounts the rows
 * that end up on screen, and measuring them moves little: otherwise the virtualizer, corrected by
 * its measurements, mounted a few more rows (and parsed their markdown) synchronously, only to
 * unmount them a moment later.
 */
import type { ChatMessage } from "./types";

/** A row's height without its text: header, padding, margins (about, at any width). */
const ROW_FRAME_PX = 56;

type Geometry = { list: { width: number; height: number } | null; rows: Map<string, number>; pxPerChar: number | null };
const kept: Geometry = { list: null, rows: new Map(), pxPerChar: null };

/** Reads the server copy's sizes (one layout, already done for its first paint). */
export function keepServerGeometry(root: ParentNode | undefined = globalThis.document): void {
  const list = root?.querySelector<HTMLElement>("[data-server-copy]");
  if (!list) return;
  kept.list = { width: list.clientWidth, height: list.clientHeight };
  let textPx = 0;
  let chars = 0;
  for (const row of list.querySelectorAll<HTMLElement>("[data-message-id]")) {
    const id = row.getAttribute("data-message-id");
    if (!id || row.offsetHeight === 0) continue;
    kept.rows.set(id, row.offsetHeight);
    textPx += Math.max(0, row.offsetHeight - ROW_FRAME_PX);
    chars += row.textContent?.length ?? 0;
  }
  kept.pxPerChar = chars > 0 ? textPx / chars : null;
}

const textLength = (m: ChatMessage) => m.parts.reduce((n, p) => n + (p.type === "text" || p.type === "reasoning" ? p.text.length : 0), 0);

/**
 * A message's height before it is measured: as the server copy drew it, else by its length at the
 * server copy's characters per pixel, else `fallback` (no server copy, or a message without text).
 */
export function estimatedRowHeight(message: ChatMessage, fallback: number): number {
  const drawn = kept.rows.get(message.id);
  if (drawn !== undefined) return drawn;
  const chars = textLength(message);
  return kept.pxPerChar === null || chars === 0 ? fallback : Math.max(fallback, Math.round(ROW_FRAME_PX + chars * kept.pxPerChar));
}

/** The size of the server copy's message list, if the page had one. */
export const serverListSize = (): { width: number; height: number } | null => kept.list;
