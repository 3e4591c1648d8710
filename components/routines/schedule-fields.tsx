"use client";

import { WEEKDAY_NAMES, type SchedulePreset } from "@/lib/routines/presets";

const INPUT = "rounded-md border border-neutral-300 px-2 py-1 text-sm";

/** Preset pickers (hourly, daily at, weekdays at, weekly on … at) or a raw cron expression. */
export function ScheduleFields({ value, onChange }: { value: SchedulePreset; onChange: (p: SchedulePreset) => void }) {
  const time = "time" in value ? value.time : "09:00";
  const switchKind = (kind: SchedulePreset["kind"]) => {
    if (kind === "hourly") onChange({ kind, minute: 0 });
    else if (kind === "weekly") onChange({ kind, day: 1, time });
    else if (kind === "cron") onChange({ kind, cron: "0 9 * * *" });
    else onChange({ kind, time });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label="Schedule"
        data-testid="schedule-kind"
        className={INPUT}
        value={value.kind}
        onChange={(e) => switchKind(e.target.value as SchedulePreset["kind"])}
      >
        <option value="hourly">Every hour</option>
        <option value="daily">Every day</option>
        <option value="weekdays">Weekdays</option>
        <option value="weekly">Every week</option>
        <option value="cron">Cron expression</option>
      </select>
      {value.kind === "hourly" && (
        <label className="text-sm">
          at minute{" "}
          <input
            type="number"
            min={0}
            max={59}
            className={`${INPUT} w-16`}
            value={value.minute}
            onChange={(e) => onChange({ kind: "hourly", minute: clampMinute(e.target.value) })}
          />
        </label>
      )}
      {value.kind === "weekly" && (
        <select
          aria-label="Day of the week"
          className={INPUT}
          value={value.day}
          onChange={(e) => onChange({ ...value, day: Number(e.target.value) })}
        >
          {WEEKDAY_NAMES.map((name, i) => (
            <option key={name} value={i}>
              {name}
            </option>
          ))}
        </select>
      )}
      {"time" in value && (
        <label className="text-sm">
          at{" "}
          <input
            type="time"
            aria-label="Time"
            data-testid="schedule-time"
            className={INPUT}
            value={value.time}
            onChange={(e) => e.target.value && onChange({ ...value, time: e.target.value })}
          />
        </label>
      )}
      {value.kind === "cron" && (
        <input
          aria-label="Cron expression"
          data-testid="schedule-cron"
          className={`${INPUT} w-48 font-mono`}
          value={value.cron}
          onChange={(e) => onChange({ kind: "cron", cron: e.target.value })}
        />
      )}
    </div>
  );
}

function clampMinute(raw: string): number {
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) ? Math.min(59, Math.max(0, n)) : 0;
}
