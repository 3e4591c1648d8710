import { Worker } from "node:worker_threads";
import { computesOffThread } from "../../lib/compaction/compute";

/*
 * The test version of lib/compaction/compute-thread.ts (tests/support/test-modules.mjs): run from
 * source, the worker registers tsx's TypeScript loader itself, since an inherited `--import` does not
 * reliably reach a worker on Node 20. BENCH_IN_THREAD=1 (`npm run bench ttft`) refuses to start
 * one, as a runtime without threads does, so every task runs in-thread.
 */
const workerFile = JSON.stringify(new URL("../../lib/compaction/compute-worker.ts", import.meta.url).href);

// Whether the thread started last says it is ready (true) or stops before it does (false).
let lastStart: Promise<boolean> | null = null;

export function startThread(): Worker {
  if (process.env.BENCH_IN_THREAD === "1") throw new Error("worker threads are off (BENCH_IN_THREAD=1)");
  const thread = new Worker(`import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${workerFile}); });`, {
    eval: true,
    name: "compaction-compute",
    execArgv: withoutImports(process.execArgv),
  });
  lastStart = new Promise((resolve) => {
    thread.on("message", (m: { ready?: boolean }) => m.ready && resolve(true));
    thread.once("error", () => resolve(false));
    thread.once("exit", () => resolve(false));
  });
  return thread;
}

/**
 * Starts the app's compaction worker (through computesOffThread, as a compaction does) and resolves
 * once it takes tasks (true), or with false where it cannot start: tests and the ttft bench wait
 * for it before measuring. The ready message reaches compute.ts's listener in the same emit, so
 * computesOffThread() is true when this resolves true.
 */
export async function computeWorkerReady(): Promise<boolean> {
  if (computesOffThread()) return true;
  return (await lastStart) ?? false;
}

function withoutImports(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--import") i++;
    else if (!argv[i].startsWith("--import=")) out.push(argv[i]);
  }
  return out;
}
