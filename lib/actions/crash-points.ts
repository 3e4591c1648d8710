/*
 * Test-only crash points. LEDGER_CRASH_AT=<point> kills the process with SIGKILL at that point
 * (no cleanup runs, like a power cut); LEDGER_CRASH_AT=<point>:wait prints `crash-point <point>`
 * and blocks so a parent test can kill it. In-process tests install a hook instead: it may throw
 * SimulatedCrash (the adapter lets it through untouched), throw any other error, or pause.
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

export function setCrashHookForTests(fn: Hook | null): void {
  hook = fn;
}

export async function crashPoint(point: CrashPoint): Promise<void> {
  const env = process.env.LEDGER_CRASH_AT;
  if (env === point) process.kill(process.pid, "SIGKILL");
  if (env === `${point}:wait`) {
    process.stdout.write(`crash-point ${point}\n`);
    await new Promise<never>(() => setInterval(() => undefined, 1_000));
  }
  if (hook) await hook(point);
}

export function isSimulatedCrash(err: unknown): err is SimulatedCrash {
  return err instanceof SimulatedCrash;
}
