/*
 * The chat list's date groups (pure): by last activity (`updatedAt`), against the starts of today,
 * yesterday and six days before today in the person's time zone. Those starts come from
 * use-day-starts.ts; the function takes them so it reads no clock and no zone of its own.
 */

export type DayStarts = { today: number; yesterday: number; weekAgo: number };

export const DATE_GROUPS = [
  { key: "today", label: "Today" },
  { key: "yesterday", label: "Yesterday" },
  { key: "week", label: "Last 7 days" },
  { key: "older", label: "Older" },
] as const;

export type DateGroupKey = (typeof DATE_GROUPS)[number]["key"];
export type DateGroup<T> = { key: DateGroupKey; label: string; items: T[] };

/** Groups a list already sorted newest first; empty groups are left out, the order is kept. */
export function groupByDay<T extends { updatedAt: string }>(items: readonly T[], starts: DayStarts): DateGroup<T>[] {
  const groups = DATE_GROUPS.map((g) => ({ ...g, items: [] as T[] }));
  for (const item of items) {
    const at = Date.parse(item.updatedAt);
    const index = at >= starts.today ? 0 : at >= starts.yesterday ? 1 : at >= starts.weekAgo ? 2 : 3;
    groups[index].items.push(item);
  }
  return groups.filter((g) => g.items.length > 0);
}

/** The starts of the days around `now` in the zone the Date methods use (the browser's: the person's). */
export function localDayStarts(now: Date): DayStarts {
  const day = (back: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - back).getTime();
  return { today: day(0), yesterday: day(1), weekAgo: day(6) };
}

/** The same in UTC: what a server, which does not know the person's zone, renders. */
export function utcDayStarts(now: Date): DayStarts {
  const day = (back: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back);
  return { today: day(0), yesterday: day(1), weekAgo: day(6) };
}
