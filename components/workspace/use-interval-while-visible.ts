"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * Calls `tick` every `ms` while the element is on screen and the tab is in front, and once right
 * away when either comes back: a hidden panel or a background tab costs the server nothing.
 */
export function useIntervalWhileVisible(ref: RefObject<HTMLElement | null>, tick: () => void, ms: number) {
  const tickRef = useRef(tick);
  useEffect(() => {
    tickRef.current = tick;
  }, [tick]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let onScreen = true;
    let timer: ReturnType<typeof setInterval> | null = null;

    const update = () => {
      const active = onScreen && document.visibilityState === "visible";
      if (active && timer === null) {
        tickRef.current();
        timer = setInterval(() => tickRef.current(), ms);
      } else if (!active && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };

    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((e) => e.isIntersecting);
      update();
    });
    observer.observe(element);
    document.addEventListener("visibilitychange", update);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", update);
      if (timer !== null) clearInterval(timer);
    };
  }, [ref, ms]);
}
