"use client";

import { useSyncExternalStore } from "react";
import { THEME_KEY } from "./theme-script";

export type ThemeChoice = "system" | "light" | "dark";

declare global {
  interface Window {
    __applyTheme?: () => void;
  }
}

// Choices made in this tab (storage events only report other tabs).
const listeners = new Set<() => void>();

// The theme script owns the <html> class; React only watches it.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  window.addEventListener("storage", onChange);
  listeners.add(onChange);
  return () => {
    observer.disconnect();
    window.removeEventListener("storage", onChange);
    listeners.delete(onChange);
  };
}

function storedChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/** Whether the page is dark now (the server, and hydration, assume light). */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}

/** The stored choice ("system" when none is stored). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, storedChoice, () => "system");
}

export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === "system") window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage disabled: the choice lasts until the page is left.
    document.documentElement.classList.toggle("dark", choice === "dark");
  }
  window.__applyTheme?.();
  for (const listener of listeners) listener();
}
