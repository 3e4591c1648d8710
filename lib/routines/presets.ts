/*
 * Schedule presets <-> cron, and a schedule in words. Pure, shared by the API and the form.
 * Anything that is not a preset is shown as its cron expression.
 */

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export type SchedulePreset =
  | { kind: "hourly"; minute: number }
  | { kind: "daily"; time: string }
  | { kind: "weekdays"; time: string }
  | { kind: "weekly"; day: number; time: string }
  | { kind: "cron"; cron: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTime(value: string): boolean {
  return TIME.test(value);
}

function hm(time: string): [minute: number, hour: number] {
  const m = TIME.exec(time);
  if (!m) throw new Error(`not a HH:MM time: ${time}`);
  return [Number(m[2]), Number(m[1])];
}

export function presetToCron(p: SchedulePreset): string {
  switch (p.kind) {
    case "hourly":
      return `${p.minute} * * * *`;
    case "daily": {
      const [m, h] = hm(p.time);
      return `${m} ${h} * * *`;
    }
    case "weekdays": {
      const [m, h] = hm(p.time);
      return `${m} ${h} * * 1-5`;
    }
    case "weekly": {
      const [m, h] = hm(p.time);
      return `${m} ${h} * * ${p.day}`;
    }
    case "cron":
      return p.cron.trim();
  }
}

const pad = (n: number) => String(n).padStart(2, "0");
const NUM = /^\d{1,2}$/;

/** Recognizes the presets' own expressions; everything else is { kind: "cron" }. */
export function cronToPreset(cron: string): SchedulePreset {
  const f = cron.trim().split(/\s+/);
  if (f.length === 5 && NUM.test(f[0]!) && Number(f[0]) < 60) {
    const minute = Number(f[0]);
    const [, hour, dom, month, dow] = f as [string, string, string, string, string];
    if (hour === "*" && dom === "*" && month === "*" && dow === "*") return { kind: "hourly", minute };
    if (NUM.test(hour) && Number(hour) < 24 && dom === "*" && month === "*") {
      const time = `${pad(Number(hour))}:${pad(minute)}`;
      if (dow === "*") return { kind: "daily", time };
      if (dow === "1-5") return { kind: "weekdays", time };
      if (/^[0-6]$/.test(dow)) return { kind: "weekly", day: Number(dow), time };
    }
  }
  return { kind: "cron", cron: cron.trim() };
}

/** "Every day at 09:00 (Europe/Berlin)". */
export function describeSchedule(cron: string, timezone: string): string {
  const p = cronToPreset(cron);
  const zone = ` (${timezone})`;
  switch (p.kind) {
    case "hourly":
      return `Every hour at minute ${pad(p.minute)}${zone}`;
    case "daily":
      return `Every day at ${p.time}${zone}`;
    case "weekdays":
      return `Weekdays (Monday to Friday) at ${p.time}${zone}`;
    case "weekly":
      return `Every ${WEEKDAY_NAMES[p.day]} at ${p.time}${zone}`;
    case "cron":
      return `On the cron schedule "${p.cron}"${zone}`;
  }
}
