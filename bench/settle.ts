import fs from "node:fs";
import { descendantsOf } from "./process-rss";

/** CPU time a process has run, all its threads, in ms (/proc/<pid>/task/<tid>/schedstat: ns on CPU). */
function processCpuMs(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
      try {
        return sum + Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
      } catch {
        return sum; // the thread ended while we looked
      }
    }, 0);
  } catch {
    return 0;
  }
}

const treeCpuMs = (pid: number) => [pid, ...descendantsOf(pid)].reduce((sum, p) => sum + processCpuMs(p), 0);

/**
 * Waits until the servers are quiet: each process tree used under `busyMs` of CPU in one `windowMs`.
 * A sample taken right after the previous page closed would otherwise also time what that page left
 * running (requests it had made, a stream being torn down), on whichever server served it. Returns
 * false when they were not quiet within `maxMs` (the sample is then taken anyway).
 */
export async function serversSettled(pids: number[], { windowMs = 100, busyMs = 3, maxMs = 5000 } = {}): Promise<boolean> {
  const deadline = performance.now() + maxMs;
  let before = pids.map(treeCpuMs);
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, windowMs));
    const after = pids.map(treeCpuMs);
    if (after.every((ms, i) => ms - before[i] < busyMs)) return true;
    before = after;
  }
  return false;
}
