import { afterEach, describe, expect, it, vi } from "vitest";
import { startIntervalLoop } from "@/lib/jobs/interval-loop";

describe("startIntervalLoop", () => {
  afterEach(() => vi.useRealTimers());

  it("sweeps on the interval, never two at once, survives a failed sweep and stops", async () => {
    vi.useFakeTimers();
    let running = 0;
    let maxRunning = 0;
    let calls = 0;
    let release: () => void = () => undefined;
    const sweep = () => {
      calls++;
      running++;
      maxRunning = Math.max(maxRunning, running);
      return new Promise<void>((resolve, reject) => {
        release = () => {
          running--;
          if (calls === 1) reject(new Error("database down"));
          else resolve();
        };
      });
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stop = startIntervalLoop({ intervalMs: 100, run: sweep, label: "sweeper" });
    await vi.advanceTimersByTimeAsync(350);
    expect(calls).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    expect(errors).toHaveBeenCalledOnce();
    release();
    stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(2);
    expect(maxRunning).toBe(1);
    errors.mockRestore();
  });
});
