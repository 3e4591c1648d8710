import { spawn } from "node:child_process";
import type { CrashPoint } from "@/tests/support/crash-points";
import { TSX_WORKER } from "../../support/tsx-worker";

/**
 * Runs a worker script until it reports the crash point, then kills it with SIGKILL: no cleanup,
 * no finally blocks, an open transaction is dropped by the database.
 */
export function runWorkerAndKill(worker: string, args: string[], point: CrashPoint, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX_WORKER, worker, ...args], {
      env: { ...process.env, LEDGER_CRASH_AT: `${point}:wait`, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let killed = false;
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (!killed && out.includes(`crash-point ${point}`)) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (_code, signal) => {
      if (killed && signal === "SIGKILL") resolve();
      else reject(new Error(`worker ended without reaching ${point}: ${out} ${err}`));
    });
  });
}
