"use client";

import { useEffect, useRef } from "react";
import { shortcutFor, type ShortcutId } from "./shortcuts";

/**
 * Runs `handler` when the shortcut is pressed anywhere on the page. Each feature registers its own
 * (the workbench its panels, the composer its focus), so a shortcut works exactly where its
 * feature is on screen.
 */
export function useShortcut(id: ShortcutId, handler: () => void, enabled = true) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || shortcutFor(e) !== id) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [id, enabled]);
}
