import { describe, expect, it } from "vitest";
import { eventFrame, readyFrame } from "@/lib/events/sse";
import { changeData, parseCursor, toThreadEvent } from "@/lib/events/types";

describe("change log rows and SSE frames", () => {
  it("stores a change's fields apart from its type and reads them back as an event", () => {
    const data = changeData({ type: "turn.ended", messageId: "m1", status: "complete" });
    expect(JSON.parse(data)).toEqual({ messageId: "m1", status: "complete" });
    expect(toThreadEvent({ id: 4, threadId: "t1", type: "turn.ended", data })).toEqual({
      id: 4,
      threadId: "t1",
      type: "turn.ended",
      messageId: "m1",
      status: "complete",
    });
  });

  it("drops a row of an unknown type or with unreadable data instead of failing the feed", () => {
    expect(toThreadEvent({ id: 1, threadId: "t", type: "thread.exploded", data: "{}" })).toBeNull();
    expect(toThreadEvent({ id: 1, threadId: "t", type: "turn.started", data: "{not json" })).toBeNull();
  });

  it("a stored field cannot overwrite the event's id, thread or type", () => {
    const row = { id: 9, threadId: "t1", type: "file.changed", data: JSON.stringify({ id: 1, threadId: "t2", type: "x", path: "a.md" }) };
    expect(toThreadEvent(row)).toMatchObject({ id: 9, threadId: "t1", type: "file.changed", path: "a.md" });
  });

  it("frames a change with its id (the browser's Last-Event-ID) on one data line, without the thread id", () => {
    const frame = eventFrame({ id: 12, threadId: "t1", type: "file.changed", path: "notes/a\nb.md", version: 3 });
    expect(frame).toBe(`id: 12\nevent: change\ndata: {"type":"file.changed","path":"notes/a\\nb.md","version":3}\n\n`);
    expect(readyFrame(40, true, 1000)).toBe(`retry: 1000\nid: 40\nevent: ready\ndata: {"cursor":40,"reset":true}\n\n`);
  });

  it("reads a cursor only when it is a plain integer in range", () => {
    expect(parseCursor("0")).toBe(0);
    expect(parseCursor("2147483647")).toBe(2147483647);
    for (const bad of [null, undefined, "", "-1", "1.5", "1e3", "abc", "2147483648", "99999999999"]) expect(parseCursor(bad)).toBeNull();
  });
});
