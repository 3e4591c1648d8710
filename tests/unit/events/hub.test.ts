import { describe, expect, it } from "vitest";
import { FeedHub } from "@/lib/events/hub";
import type { ThreadEvent } from "@/lib/events/types";

const event = (id: number, threadId: string): ThreadEvent => ({ id, threadId, type: "file.changed", path: "plan.md", version: id });

function feed(hub: FeedHub, userId: string, threadId: string, cap = 5) {
  const got: number[] = [];
  const close = hub.subscribe({ userId, threadId, send: (e) => got.push(e.id) }, cap);
  return { got, close };
}

describe("FeedHub", () => {
  it("hands an event to every feed open on its thread and to no other", () => {
    const hub = new FeedHub();
    const a = feed(hub, "u1", "t1");
    const b = feed(hub, "u1", "t1");
    const other = feed(hub, "u2", "t2");
    expect(hub.deliver(event(1, "t1"))).toBe(2);
    expect(a.got).toEqual([1]);
    expect(b.got).toEqual([1]);
    expect(other.got).toEqual([]);
  });

  it("delivers an id once, whichever way it arrives again (own publish, Redis, the log poll)", () => {
    const hub = new FeedHub();
    const a = feed(hub, "u1", "t1");
    hub.deliver(event(7, "t1"));
    expect(hub.deliver(event(7, "t1"))).toBe(0);
    expect(a.got).toEqual([7]);
  });

  it("refuses a user's feed over the cap, per user, and counts a closed feed out once", () => {
    const hub = new FeedHub();
    const first = feed(hub, "u1", "t1", 2);
    const second = feed(hub, "u1", "t2", 2);
    expect(feed(hub, "u1", "t3", 2).close).toBeNull();
    expect(feed(hub, "u2", "t3", 2).close).not.toBeNull(); // another user is not affected
    first.close!();
    first.close!(); // closing twice frees one place, not two
    expect(feed(hub, "u1", "t3", 2).close).not.toBeNull();
    expect(feed(hub, "u1", "t4", 2).close).toBeNull();
    second.close!();
    expect(hub.feeds).toBe(2);
  });

  it("stops sending to a closed feed", () => {
    const hub = new FeedHub();
    const a = feed(hub, "u1", "t1");
    a.close!();
    expect(hub.deliver(event(1, "t1"))).toBe(0);
    expect(a.got).toEqual([]);
  });
});
