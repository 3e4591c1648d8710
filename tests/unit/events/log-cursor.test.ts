import { describe, expect, it } from "vitest";
import { advanceCursor, startCursor } from "@/lib/events/log-cursor";

const WAIT = 2_000;

describe("advanceCursor (the change log poll)", () => {
  it("fans out consecutive ids once and moves the floor past them", () => {
    const first = advanceCursor(startCursor(10), [11, 12, 13], 0, WAIT);
    expect(first.fresh).toEqual([11, 12, 13]);
    expect(first.cursor).toMatchObject({ floor: 13, gap: null });
    expect(first.cursor.seen.size).toBe(0);
    // A read that returns rows again (or older ones) fans out nothing.
    expect(advanceCursor(first.cursor, [12, 13], 10, WAIT).fresh).toEqual([]);
  });

  it("holds the floor below an id that is not visible yet, and delivers it late but once", () => {
    // 12 was handed out before 13 but commits after it (PostgreSQL): 13 arrives first.
    const a = advanceCursor(startCursor(11), [13], 0, WAIT);
    expect(a.fresh).toEqual([13]);
    expect(a.cursor).toMatchObject({ floor: 11, gap: { id: 12, since: 0 } });
    const b = advanceCursor(a.cursor, [13], 500, WAIT);
    expect(b.fresh).toEqual([]);
    expect(b.cursor.gap).toEqual({ id: 12, since: 0 }); // still waiting, since the first sighting
    const c = advanceCursor(b.cursor, [12, 13, 14], 900, WAIT);
    expect(c.fresh).toEqual([12, 14]);
    expect(c.cursor).toMatchObject({ floor: 14, gap: null });
  });

  it("gives up on a missing id after the wait (a rolled-back insert) and moves on", () => {
    const a = advanceCursor(startCursor(0), [2, 3], 0, WAIT);
    expect(a.cursor.floor).toBe(0);
    const b = advanceCursor(a.cursor, [2, 3], WAIT - 1, WAIT);
    expect(b.cursor.floor).toBe(0);
    const c = advanceCursor(b.cursor, [2, 3], WAIT, WAIT);
    expect(c.fresh).toEqual([]);
    expect(c.cursor).toMatchObject({ floor: 3, gap: null });
  });

  it("waits for each of several gaps in turn", () => {
    const a = advanceCursor(startCursor(0), [2, 4], 0, WAIT);
    const b = advanceCursor(a.cursor, [], WAIT, WAIT); // 1 given up; 3 seen missing only now
    expect(b.cursor).toMatchObject({ floor: 2, gap: { id: 3, since: WAIT } });
    const c = advanceCursor(b.cursor, [3], WAIT + 1, WAIT);
    expect(c.fresh).toEqual([3]);
    expect(c.cursor).toMatchObject({ floor: 4, gap: null });
  });

  it("takes ids in any order", () => {
    expect(advanceCursor(startCursor(0), [3, 1, 2], 0, WAIT)).toMatchObject({ fresh: [1, 2, 3], cursor: { floor: 3 } });
  });
});
