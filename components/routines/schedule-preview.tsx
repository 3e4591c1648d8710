"use client";

import { describeSchedule } from "@/lib/routines/presets";
import { nextRunTimes, scheduleProblem } from "@/lib/routines/schedule";

const when = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** The schedule in words and its next three runs, shown in the person's own time zone. */
export function SchedulePreview({ cron: typed, timezone }: { cron: string; timezone: string }) {
  const cron = typed.trim(); // as the server stores it
  const problem = scheduleProblem(cron, timezone);
  if (problem) {
    return (
      <p data-testid="schedule-problem" className="text-sm text-red-700">
        {problem.field === "cron" ? "Schedule" : "Time zone"} {problem.message}.
      </p>
    );
  }
  const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div data-testid="schedule-preview" className="rounded-md bg-neutral-50 px-3 py-2 text-sm text-neutral-700">
      <p data-testid="schedule-words">{describeSchedule(cron, timezone)}</p>
      <p className="mt-1 text-xs text-neutral-500">Next runs, in your time zone ({mine}):</p>
      <ol className="list-inside list-decimal text-xs" data-testid="schedule-next-runs">
        {nextRunTimes(cron, timezone, new Date(), 3).map((d) => (
          <li key={d.toISOString()}>{when.format(d)}</li>
        ))}
      </ol>
    </div>
  );
}
