/**
 * Runs a background job on an interval in this process, one run at a time: a slow run is never
 * overlapped by the next tick, and a failed run is logged and tried again at the next tick.
 * Several instances may each run one; the jobs' own compare-and-set claims keep the work single.
 * Returns a stop function.
 */
export function startIntervalLoop(opts: { intervalMs: number; run: () => Promise<unknown>; label: string }): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    opts
      .run()
      .catch((err) => console.error(`[${opts.label}] failed`, err))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
