/*
 * The test version of lib/actions/ledger-steps.ts, swapped in for it by tests/support/test-modules.mjs
 * (vitest, the tests' worker processes, `npm run bench`); the app's build never contains it.
 * LEDGER_CRASH_AT=<point> kills the process with SIGKILL at that step (no cleanup runs, like a
 * power cut); LEDGER_CRASH_AT=<point>:wait prints `crash-point <point>` and blocks so a parent test
 * can kill it. In-process tests install a hook instead: it may throw (SimulatedCrash or any other
 * error, as a database failing at that step would; the adapter then handles it as it handles
 * those), or pause.
 */

export const CRASH_POINTS = ["after_claim", "after_request", "after_provider_ack", "after_outcome", "after_journal"] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export class SimulatedCrash extends Error {
  constructor(readonly point: CrashPoint) {
    super(`simulated crash at ${point}`);
    this.name = "SimulatedCrash";
  }
}

type Hook = (point: CrashPoint) => void | Promise<void>;
let hook: Hook | null = null;

export function setCrashHook(fn: Hook | null): void {
  hook = fn;
}

export async function reachedStep(point: CrashPoint): Promise<void> {
  const env = process.env.LEDGER_CRASH_AT;
  if (env === point) process.kill(process.pid, "SIGKILL");
  if (env === `${point}:wait`) {
    process.stdout.write(`crash-point ${point}\n`);
    await new Promise<never>(() => setInterval(() => undefined, 1_000));
  }
  if (hook) await hook(point);
}
