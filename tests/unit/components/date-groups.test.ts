import { describe, expect, it } from "vitest";
import { groupByDay, localDayStarts, utcDayStarts, type DayStarts } from "@/components/chat/date-groups";

// Noon on 2026-12-06 in UTC, and the day starts of a person in UTC.
const NOW = new Date("2026-12-06T12:00:00Z");
const STARTS: DayStarts = utcDayStarts(NOW);
const at = (iso: string, id = iso) => ({ id, updatedAt: iso });

describe("the chat list's date groups", () => {
  it("puts each chat under today, yesterday, the last 7 days or older, by last activity", () => {
    const threads = [
      at("2026-12-06T11:00:00.000Z"),
      at("2026-12-06T00:00:00.000Z"),
      at("2026-12-05T23:59:59.999Z"),
      at("2026-12-05T00:00:00.000Z"),
      at("2026-11-30T00:00:00.000Z"),
      at("2026-11-29T23:59:59.999Z"),
      at("2025-01-01T00:00:00.000Z"),
    ];
    const groups = groupByDay(threads, STARTS);
    expect(groups.map((g) => [g.label, g.items.map((t) => t.id)])).toEqual([
      ["Today", ["2026-12-06T11:00:00.000Z", "2026-12-06T00:00:00.000Z"]],
      ["Yesterday", ["2026-12-05T23:59:59.999Z", "2026-12-05T00:00:00.000Z"]],
      ["Last 7 days", ["2026-11-30T00:00:00.000Z"]],
      ["Older", ["2026-11-29T23:59:59.999Z", "2025-01-01T00:00:00.000Z"]],
    ]);
  });

  it("leaves out empty groups and keeps the list's order inside a group", () => {
    const groups = groupByDay([at("2026-12-01T10:00:00.000Z", "b"), at("2026-12-02T10:00:00.000Z", "a")], STARTS);
    expect(groups).toEqual([
      { key: "week", label: "Last 7 days", items: [at("2026-12-01T10:00:00.000Z", "b"), at("2026-12-02T10:00:00.000Z", "a")] },
    ]);
    expect(groupByDay([], STARTS)).toEqual([]);
  });

  it("counts days in the person's time zone: 23:30 in New York is not tomorrow", () => {
    // 2026-12-06T04:30Z is 23:30 on Dec 5 in New York (UTC-5), Dec 6 in UTC.
    const ny: DayStarts = {
      today: Date.parse("2026-12-06T05:00:00Z"),
      yesterday: Date.parse("2026-12-05T05:00:00Z"),
      weekAgo: Date.parse("2026-11-30T05:00:00Z"),
    };
    expect(groupByDay([at("2026-12-06T04:30:00.000Z")], ny)[0].key).toBe("yesterday");
    expect(groupByDay([at("2026-12-06T04:30:00.000Z")], STARTS)[0].key).toBe("today");
  });

  it("finds the day starts from the local calendar (the process's zone here)", () => {
    const starts = localDayStarts(NOW);
    const midnight = new Date(NOW);
    midnight.setHours(0, 0, 0, 0);
    expect(starts.today).toBe(midnight.getTime());
    midnight.setDate(midnight.getDate() - 1);
    expect(starts.yesterday).toBe(midnight.getTime());
    midnight.setDate(midnight.getDate() - 5);
    expect(starts.weekAgo).toBe(midnight.getTime());
    expect(utcDayStarts(NOW)).toEqual({
      today: Date.parse("2026-12-06T00:00:00Z"),
      yesterday: Date.parse("2026-12-05T00:00:00Z"),
      weekAgo: Date.parse("2026-11-30T00:00:00Z"),
    });
  });
});
