"use client";

import { useSyncExternalStore } from "react";
import { CODE_WRAP_ATTRIBUTE as ATTRIBUTE, CODE_WRAP_KEY as KEY } from "./code-wrap-script";

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    document.documentElement.toggleAttribute(ATTRIBUTE, e.newValue === "1");
    listener();
  };
  addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    removeEventListener("storage", onStorage);
  };
}

const wrapped = () => document.documentElement.hasAttribute(ATTRIBUTE);

/** Whether code blocks wrap long lines, and a switch for it (false on the server). */
export function useCodeWrap(): [boolean, () => void] {
  const wrap = useSyncExternalStore(subscribe, wrapped, () => false);
  const toggle = () => {
    const next = !wrapped();
    document.documentElement.toggleAttribute(ATTRIBUTE, next);
    try {
      localStorage.setItem(KEY, next ? "1" : "0");
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
    for (const listener of listeners) listener();
  };
  return [wrap, toggle];
}
