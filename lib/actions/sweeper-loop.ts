import { sweepActions } from "./sweep";

/**
 * Runs the sweeper on an interval in this process, one sweep at a time (a slow sweep is never
 * overlapped by the next tick). Several instances may each run one: the sweeper's compare-and-set
 * lets one reconcile a given row. Returns a stop function. lib/jobs may schedule sweepActions()
 * itself instead.
 */
export function startActionSweeper(opts: { intervalMs?: number; sweep?: () => Promise<unknown> } = {}): () => void {
  const sweep = opts.sweep ?? (() => sweepActions());
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((err) => console.error("[actions] sweep failed", err))
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs ?? 30_000);
  timer.unref?.();
  return () => clearInterval(timer);
}
