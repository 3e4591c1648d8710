import { describe, expect, it } from "vitest";
import { dueSlot, nextRunTimes, scheduleProblem } from "@/lib/routines/schedule";
import { cronToPreset, describeSchedule, presetToCron } from "@/lib/routines/presets";

const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

describe("schedule validation", () => {
  it("accepts presets and plain cron in a real time zone", () => {
    expect(scheduleProblem("0 9 * * 1-5", "Europe/Berlin")).toBeNull();
    expect(scheduleProblem("*/5 * * * *", "UTC")).toBeNull();
    expect(scheduleProblem("0 0 9 * * *", "UTC")).toBeNull(); // six fields with a fixed second
  });

  it("names the field and why", () => {
    expect(scheduleProblem("61 * * * *", "UTC")).toMatchObject({ field: "cron", message: expect.stringContaining("minute") });
    for (const cron of ["0 9\n* * *", "0 9 * * *\n", "0\t9 * * *", "0  9 * * *", " 0 9 * * *", "0 9 * * *\u00a0", "0 9 *\r* *"]) {
      expect(scheduleProblem(cron, "UTC"), JSON.stringify(cron)).toMatchObject({
        field: "cron",
        message: expect.stringContaining("single spaces"),
      });
    }
    expect(scheduleProblem("every day", "UTC")).toMatchObject({ field: "cron", message: expect.stringContaining("5 fields") });
    expect(scheduleProblem("0 9 * * *", "Mars/Olympus")).toMatchObject({
      field: "timezone",
      message: expect.stringContaining("Mars/Olympus"),
    });
    expect(scheduleProblem("0 9 * * *", "")).toMatchObject({ field: "timezone" });
  });

  it("rejects schedules more often than once a minute", () => {
    expect(scheduleProblem("* * * * * *", "UTC")).toMatchObject({ field: "cron", message: expect.stringContaining("once a minute") });
    expect(scheduleProblem("*/30 * * * * *", "UTC")).toMatchObject({ field: "cron", message: expect.stringContaining("once a minute") });
    expect(scheduleProblem("0,30 * * * * *", "UTC")).toMatchObject({ field: "cron" });
  });

  it("rejects a schedule that never runs", () => {
    expect(scheduleProblem("0 0 30 2 *", "UTC")).toMatchObject({ field: "cron" });
  });
});

describe("next run times across DST change days", () => {
  it("daily 02:30 in Berlin: the spring-forward gap runs at 03:00, the autumn repeat runs once", () => {
    const spring = nextRunTimes("30 2 * * *", "Europe/Berlin", new Date("2026-03-28T00:00:00Z"), 3);
    // 28 Mar 02:30 CET = 01:30Z; 29 Mar 02:30 does not exist -> 03:00 CEST = 01:00Z; 30 Mar 02:30 CEST = 00:30Z
    expect(iso(spring)).toEqual(["2026-03-28T01:30:00.000Z", "2026-03-29T01:00:00.000Z", "2026-03-30T00:30:00.000Z"]);
    const autumn = nextRunTimes("30 2 * * *", "Europe/Berlin", new Date("2026-10-24T12:00:00Z"), 3);
    // 25 Oct 02:30 happens twice (CEST then CET); a daily job runs once, at the first.
    expect(iso(autumn)).toEqual(["2026-10-25T00:30:00.000Z", "2026-10-26T01:30:00.000Z", "2026-10-27T01:30:00.000Z"]);
  });

  it("09:00 on weekdays in New York keeps local time when the offset changes", () => {
    const runs = nextRunTimes("0 9 * * 1-5", "America/New_York", new Date("2026-03-06T00:00:00Z"), 3);
    // Friday 6 Mar is EST (UTC-5); Monday 9 Mar is EDT (UTC-4) after the 8 Mar change.
    expect(iso(runs)).toEqual(["2026-03-06T14:00:00.000Z", "2026-03-09T13:00:00.000Z", "2026-03-10T13:00:00.000Z"]);
  });

  it("hourly in a half-hour zone", () => {
    const runs = nextRunTimes("0 * * * *", "Asia/Kolkata", new Date("2026-01-01T00:10:00Z"), 2);
    expect(iso(runs)).toEqual(["2026-01-01T00:30:00.000Z", "2026-01-01T01:30:00.000Z"]);
  });
});

describe("due slots", () => {
  const cron = "0 * * * *";
  it("is not due before its time", () => {
    expect(dueSlot(cron, "UTC", new Date("2026-01-01T10:00:00Z"), new Date("2026-01-01T09:59:59Z"))).toBeNull();
  });

  it("an on-time claim runs its slot and moves to the next one", () => {
    const slot = dueSlot(cron, "UTC", new Date("2026-01-01T10:00:00Z"), new Date("2026-01-01T10:00:20Z"));
    expect(slot).toEqual({
      scheduledFor: new Date("2026-01-01T10:00:00Z"),
      trigger: "scheduled",
      nextRunAt: new Date("2026-01-01T11:00:00Z"),
    });
  });

  it("many missed slots give one catch-up run for the latest, and no replay", () => {
    const slot = dueSlot(cron, "UTC", new Date("2026-01-01T03:00:00Z"), new Date("2026-01-01T10:15:00Z"));
    expect(slot).toEqual({
      scheduledFor: new Date("2026-01-01T10:00:00Z"),
      trigger: "catch_up",
      nextRunAt: new Date("2026-01-01T11:00:00Z"),
    });
  });

  it("the catch-up's latest slot includes one exactly at now", () => {
    expect(dueSlot(cron, "UTC", new Date("2026-01-01T03:00:00Z"), new Date("2026-01-01T10:00:00Z"))).toMatchObject({
      scheduledFor: new Date("2026-01-01T10:00:00Z"),
      trigger: "catch_up",
    });
  });
});

describe("presets", () => {
  it("round-trips each preset through cron", () => {
    const presets = [
      { kind: "hourly", minute: 15 },
      { kind: "daily", time: "09:05" },
      { kind: "weekdays", time: "18:30" },
      { kind: "weekly", day: 1, time: "07:00" },
    ] as const;
    for (const p of presets) expect(cronToPreset(presetToCron(p))).toEqual(p);
    expect(cronToPreset("*/10 8-18 * * *")).toEqual({ kind: "cron", cron: "*/10 8-18 * * *" });
  });

  it("describes a schedule in words", () => {
    expect(describeSchedule("5 9 * * *", "Europe/Berlin")).toBe("Every day at 09:05 (Europe/Berlin)");
    expect(describeSchedule("0 9 * * 1-5", "UTC")).toBe("Weekdays (Monday to Friday) at 09:00 (UTC)");
    expect(describeSchedule("0 7 * * 1", "UTC")).toBe("Every Monday at 07:00 (UTC)");
    expect(describeSchedule("30 * * * *", "UTC")).toBe("Every hour at minute 30 (UTC)");
  });
});
