import { Worker } from "node:worker_threads";

/*
 * The test version of lib/compaction/compute-thread.ts (tests/support/test-modules.mjs): run from
 * source, the worker registers tsx's TypeScript loader itself, since an inherited `--import` does not
 * reliably reach a worker on Node 20. BENCH_IN_THREAD=1 (`npm run bench ttft`) refuses to start
 * one, as a runtime without threads does, so every task runs in-thread.
 */
const workerFile = JSON.stringify(new URL("../../lib/compaction/compute-worker.ts", import.meta.url).href);

export function startThread(): Worker {
  if (process.env.BENCH_IN_THREAD === "1") throw new Error("worker threads are off (BENCH_IN_THREAD=1)");
  return new Worker(`import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${workerFile}); });`, {
    eval: true,
    name: "compaction-compute",
    execArgv: withoutImports(process.execArgv),
  });
}

function withoutImports(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--import") i++;
    else if (!argv[i].startsWith("--import=")) out.push(argv[i]);
  }
  return out;
}
