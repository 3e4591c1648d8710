"use client";

import { useSyncExternalStore } from "react";
import { localDayStarts, utcDayStarts, type DayStarts } from "./date-groups";

/*
 * The starts of today, yesterday and the last seven days for the chat list's groups, in the
 * person's time zone, moving on at midnight. The server knows no zone and renders UTC days; the
 * browser hydrates with the same and then, where the person's days differ, groups again at once.
 * Read with Date methods only: a page's first Intl call loads ICU's data (docs/architecture.md).
 */

// Snapshots must compare equal while nothing changed: the starts travel as one string.
const key = (s: DayStarts) => `${s.today} ${s.yesterday} ${s.weekAgo}`;

function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
    timer = setTimeout(
      () => {
        onChange();
        arm();
      },
      midnight - now.getTime() + 1000,
    );
  };
  arm();
  // A laptop asleep over midnight misses its timer.
  document.addEventListener("visibilitychange", onChange);
  return () => {
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onChange);
  };
}

export function useDayStarts(): DayStarts {
  const value = useSyncExternalStore(
    subscribe,
    () => key(localDayStarts(new Date())),
    () => key(utcDayStarts(new Date())),
  );
  const [today, yesterday, weekAgo] = value.split(" ").map(Number);
  return { today, yesterday, weekAgo };
}
