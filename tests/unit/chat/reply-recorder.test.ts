import { beforeEach, describe, expect, it, vi } from "vitest";

// The recorder's saves, seen from the database's side: sizes and times of every partial save.
const saves = vi.hoisted(() => [] as Array<{ at: number; bytes: number }>);
vi.mock("@/lib/db/client", () => {
  const message = {
    updateMany: async ({ data }: { data: { parts?: string } }) => {
      if (data.parts !== undefined) saves.push({ at: Date.now(), bytes: data.parts.length });
      return { count: 1 };
    },
  };
  return {
    db: () => ({
      message,
      $transaction: async (fn: (tx: unknown) => unknown) => fn({ message, thread: { updateMany: async () => ({ count: 1 }) } }),
    }),
  };
});

const { ReplyRecorder } = await import("@/lib/chat/reply-recorder");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function recorder(saveBytesPerSecond: number) {
  return new ReplyRecorder("t1", "m1", { saveEveryMs: 20, saveBytesPerSecond, releaseLease: () => undefined });
}

describe("reply saves", () => {
  beforeEach(() => {
    saves.length = 0;
  });

  it("are spaced by their size: a growing reply never writes more than the byte rate allows", async () => {
    const rate = 100_000;
    const r = recorder(rate);
    r.start();
    const started = Date.now();
    let text = "";
    while (Date.now() - started < 1500) {
      text += `Line ${text.length} of a long reply. `.repeat(40); // ~1.3 KB a time, to ~1 MB
      r.update([{ type: "text", text }]);
      void r.flush();
      await sleep(2);
    }
    const elapsed = (Date.now() - started) / 1000;
    await r.finish("complete", null, null);
    const partial = saves.slice(0, -1);
    // Each save waits for the previous one's bytes at `rate`: all but the last were paid for in time.
    const paid = partial.slice(0, -1).reduce((n, s) => n + s.bytes, 0);
    expect(partial.length).toBeGreaterThan(2);
    expect(paid).toBeLessThanOrEqual(rate * elapsed);
    for (let i = 1; i < partial.length; i++) {
      expect(partial[i].at - partial[i - 1].at).toBeGreaterThanOrEqual(Math.floor((partial[i - 1].bytes / rate) * 1000) - 5);
    }
    // The final save holds the whole reply, and was not held back by the spacing.
    expect(saves.at(-1)!.bytes).toBe(JSON.stringify([{ type: "text", text }]).length);
  });

  it("save a small reply every tick, and finish without waiting", async () => {
    const r = recorder(100_000);
    r.start();
    for (let i = 0; i < 20; i++) {
      r.update([{ type: "text", text: `word ${i}` }]);
      await sleep(25);
    }
    const before = Date.now();
    await r.finish("complete", null, null);
    expect(Date.now() - before).toBeLessThan(200);
    expect(saves.length).toBeGreaterThanOrEqual(10);
  });
});
