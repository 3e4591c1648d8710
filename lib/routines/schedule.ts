import { Cron } from "croner";

/*
 * Pure schedule decisions (no database). All date math is croner's: it knows time zones and DST
 * (a fixed-time job in a spring-forward gap runs at the first valid time after it, and once when
 * an autumn hour repeats).
 */

export type ScheduleProblem = { field: "cron" | "timezone"; message: string };

/** Five fields (minute precision) or six with a fixed second: never more often than once a minute. */
function parseCron(cron: string, timezone?: string): Cron {
  return new Cron(cron, { paused: true, timezone, mode: "5-or-6-parts" });
}

export function isValidTimeZone(timezone: string): boolean {
  if (!timezone || timezone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return true;
  } catch (err) {
    // Intl's answer to a zone it does not know; the caller turns false into a 400.
    if (err instanceof RangeError) return false;
    throw err;
  }
}

/** null when the schedule is usable; otherwise the field at fault and why, for a 400. */
export function scheduleProblem(cron: string, timezone: string): ScheduleProblem | null {
  if (!isValidTimeZone(timezone))
    return { field: "timezone", message: `"${timezone}" is not an IANA time zone (e.g. "Europe/Berlin", "UTC")` };
  // The stored text is what the routine page shows and edits: a tab, newline or double space
  // would parse the same and display differently, so only single spaces separate fields.
  if (!/^\S+( \S+)*$/.test(cron))
    return {
      field: "cron",
      message: "must separate its fields with single spaces (no tabs, newlines, or leading, trailing or double spaces)",
    };
  const fields = cron.split(" ");
  if (fields.length < 5 || fields.length > 6)
    return { field: "cron", message: `must have 5 fields (minute hour day month weekday), got ${fields.length}` };
  let job: Cron;
  try {
    job = parseCron(cron, timezone);
  } catch (err) {
    return { field: "cron", message: `is not a valid cron expression: ${(err as Error).message.replace(/^CronPattern: /, "")}` };
  }
  if (fields.length === 6 && !/^\d{1,2}$/.test(fields[0]!)) {
    return { field: "cron", message: "runs more often than once a minute; the shortest interval is one minute" };
  }
  if (job.nextRun(new Date()) === null) return { field: "cron", message: "never runs" };
  return null;
}

/** The next `count` run times strictly after `from`. */
export function nextRunTimes(cron: string, timezone: string, from: Date, count: number): Date[] {
  return parseCron(cron, timezone).nextRuns(count, from);
}

export function nextRunAfter(cron: string, timezone: string, from: Date): Date | null {
  return parseCron(cron, timezone).nextRun(from);
}

/** The latest slot at or before `now`, or null. */
function latestSlotAtOrBefore(cron: string, timezone: string, now: Date): Date | null {
  // previousRuns includes a run earlier in the same second as the reference, so look 1 ms ahead.
  const [latest] = parseCron(cron, timezone).previousRuns(1, new Date(now.getTime() + 1));
  return latest && latest.getTime() <= now.getTime() ? latest : null;
}

export type DueSlot = {
  /** The slot this claim runs for (one RoutineRun per routine and slot). */
  scheduledFor: Date;
  trigger: "scheduled" | "catch_up";
  /** What the claim sets nextRunAt to: the first slot after now, so missed slots are not replayed. */
  nextRunAt: Date | null;
};

/**
 * What claiming a due routine means. Slots missed while nobody ticked (the app was down) become
 * one catch-up run for the latest of them, never one run per missed slot.
 */
export function dueSlot(cron: string, timezone: string, nextRunAt: Date, now: Date): DueSlot | null {
  if (nextRunAt.getTime() > now.getTime()) return null;
  const following = nextRunAfter(cron, timezone, nextRunAt);
  const missedMore = following !== null && following.getTime() <= now.getTime();
  const latest = missedMore ? (latestSlotAtOrBefore(cron, timezone, now) ?? nextRunAt) : nextRunAt;
  return { scheduledFor: latest, trigger: missedMore ? "catch_up" : "scheduled", nextRunAt: nextRunAfter(cron, timezone, now) };
}
