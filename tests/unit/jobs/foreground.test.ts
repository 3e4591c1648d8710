import { describe, expect, it } from "vitest";
import { foregroundIdle, foregroundStarted } from "@/lib/jobs/foreground";

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 20));
  return done;
};

describe("background work waits for turns before their first token", () => {
  it("goes on at once with no turn waiting, and waits until the last waiting turn has its token", async () => {
    expect(await settled(foregroundIdle())).toBe(true);
    const first = foregroundStarted();
    const second = foregroundStarted();
    const idle = foregroundIdle();
    expect(await settled(idle)).toBe(false);
    first();
    first(); // a second call changes nothing
    expect(await settled(idle)).toBe(false);
    second();
    expect(await settled(idle)).toBe(true);
  });

  it("waits no longer than its bound, so a stream of turns cannot starve it", async () => {
    const end = foregroundStarted();
    try {
      expect(await settled(foregroundIdle(5))).toBe(true);
    } finally {
      end();
    }
  });
});
