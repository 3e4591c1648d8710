import { beforeEach, describe, expect, it, vi } from "vitest";

// The recorder's saves, seen from the database's side: sizes and times of every save, and the
// draft part indexes each partial save wrote (lib/db/reply-parts.ts upserts one row per part).
const saves = vi.hoisted(() => [] as Array<{ at: number; bytes: number; idx: number[] }>);
vi.mock("@/lib/db/client", () => {
  const message = {
    count: async () => 1,
    updateMany: async ({ data }: { data: { parts?: string } }) => {
      if (data.parts !== undefined) saves.push({ at: Date.now(), bytes: data.parts.length, idx: [] });
      return { count: 1 };
    },
  };
  let current: { at: number; bytes: number; idx: number[] } | null = null;
  const tx = {
    message,
    thread: { updateMany: async () => ({ count: 1 }) },
    replyPart: { deleteMany: async () => ({ count: 0 }) },
    // INSERT INTO "ReplyPart" … VALUES (messageId, idx, part), …
    $executeRawUnsafe: async (_sql: string, ...values: Array<string | number>) => {
      for (let i = 0; i < values.length; i += 3) {
        current!.idx.push(values[i + 1] as number);
        current!.bytes += (values[i + 2] as string).length;
      }
      return values.length / 3;
    },
  };
  return {
    isSqlite: () => true,
    db: () => ({
      message,
      $transaction: async (fn: (t: unknown) => unknown) => {
        current = { at: Date.now(), bytes: 0, idx: [] };
        const save = current;
        const out = await fn(tx);
        if (save.idx.length) saves.push(save);
        return out;
      },
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

  it("write only the parts that changed: a long reply's saves do not grow with it", async () => {
    const r = recorder(10_000_000);
    const tools = Array.from({ length: 2000 }, (_, i) => ({
      type: "tool-read",
      toolCallId: `c${i}`,
      state: "output-available",
      input: { path: `notes/${i}.md` },
      output: "x".repeat(150),
    }));
    r.update(tools);
    await r.flush();
    const whole = tools.reduce((n, t) => n + JSON.stringify(t).length, 0);
    expect(saves.at(-1)!.bytes).toBe(whole);
    let text = "";
    for (let i = 0; i < 10; i++) {
      text += "More words of the answer. ";
      r.update([...tools, { type: "text", text }]);
      await r.flush();
      // Only the growing text part (index 2000) is written, never the 2,000 tool parts before it.
      expect(saves.at(-1)!.idx).toEqual([2000]);
      expect(saves.at(-1)!.bytes).toBe(JSON.stringify({ type: "text", text }).length);
    }
    // A new tool call writes itself only; unchanged parts are not written again.
    const call = { type: "tool-read", toolCallId: "last", state: "input-available", input: { path: "a.md" } };
    r.update([...tools, { type: "text", text }, call]);
    await r.flush();
    expect(saves.at(-1)!.idx).toEqual([2001]);
    expect(r.bytesSaved).toBeLessThan(whole * 1.01);
    await r.finish("complete", null, null);
    expect(saves.at(-1)!.bytes).toBe(JSON.stringify([...tools, { type: "text", text }, call]).length);
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
