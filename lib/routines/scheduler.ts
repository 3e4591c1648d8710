import { config } from "@/lib/config";
import { claimDueRuns, type StartedRun } from "./claim";
import { executeRun } from "./execute";

/** Claims due runs and starts the queued ones; `finished` settles when they have all ended. */
export async function tick(now: Date = new Date()): Promise<{ runs: StartedRun[]; finished: Promise<void> }> {
  const runs = await claimDueRuns(now);
  const finished = Promise.all(runs.filter((r) => r.status === "queued").map((r) => executeRun(r.runId))).then(() => undefined);
  return { runs, finished };
}

// The timers, on globalThis so that one process starts one scheduler whichever of Next's chunks
// calls startScheduler; a server stops it with its process, a test by clearing them here.
const globalForScheduler = globalThis as unknown as { __routineScheduler?: NodeJS.Timeout; __routineFirstTick?: NodeJS.Timeout };
const FIRST_TICK_MS = 1000;

/**
 * The embedded scheduler (`npm start`): every ROUTINES_TICK_MS it claims due runs. Correctness
 * does not depend on it being the only one: claims are compare-and-sets in the database, so any
 * number of instances (and the cron route) can tick at once. ROUTINES_SCHEDULER=off disables it.
 */
export function startScheduler(): boolean {
  if (config().ROUTINES_SCHEDULER === "off" || globalForScheduler.__routineScheduler) return false;
  let ticking = false;
  const run = () => {
    if (ticking) return;
    ticking = true;
    // Runs go on in the background; the next tick must not wait for a long run.
    tick()
      .then(({ finished }) => void finished.catch((err) => console.error("[routine run crashed]", err)))
      .catch((err) => console.error("[routine scheduler tick failed]", err))
      .finally(() => (ticking = false));
  };
  const timer = setInterval(run, config().ROUTINES_TICK_MS);
  // Soon after start too, so slots missed while the app was down get their catch-up run promptly.
  const first = setTimeout(run, FIRST_TICK_MS);
  timer.unref?.();
  first.unref?.();
  globalForScheduler.__routineScheduler = timer;
  globalForScheduler.__routineFirstTick = first;
  return true;
}
