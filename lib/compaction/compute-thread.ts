import { Worker } from "node:worker_threads";

/*
 * Starts the compaction's compute worker (compute-worker.ts); Turbopack bundles the file this URL
 * names (`next build`, `next dev`). Run from source (vitest, the tests' worker processes, the
 * benches) this module is swapped for tests/support/compute-thread.ts, which compiles the worker
 * with tsx, a dev dependency the app never loads.
 */
export function startThread(): Worker {
  return new Worker(new URL("./compute-worker.ts", import.meta.url), { name: "compaction-compute" });
}
