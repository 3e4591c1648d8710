import { parentPort } from "node:worker_threads";
import { computeTasks, type ComputeKind } from "./compute-tasks";

// The worker side of compute.ts: says it is ready once its modules (the tokenizer's tables) have
// loaded, then answers one task at a time by id.
type Request = { id: number; kind: ComputeKind; input: unknown };

parentPort?.on("message", ({ id, kind, input }: Request) => {
  try {
    const run = computeTasks[kind] as (input: unknown) => unknown;
    parentPort!.postMessage({ id, ok: true, value: run(input) });
  } catch (error) {
    parentPort!.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
