/*
 * The width a person dragged each side panel to, in pixels, remembered in this browser: pixels
 * rather than a share of the window, so a panel keeps its width when the window changes size.
 */
const KEY_PREFIX = "lrc-panel-width:";

export function rememberedWidth(kind: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(KEY_PREFIX + kind));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberWidth(kind: string, px: number): void {
  try {
    window.localStorage.setItem(KEY_PREFIX + kind, String(Math.round(px)));
  } catch {
    // Storage may be full or blocked (private windows): the panel just opens at its default width.
  }
}
