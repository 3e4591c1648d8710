import type { Worker } from "node:worker_threads";
import { foregroundIdle } from "@/lib/jobs/foreground";
import { computeTasks, type ComputeKind, type ComputeTasks } from "./compute-tasks";
import { startThread } from "./compute-thread";

/*
 * Runs a compaction's CPU-heavy pure steps (compute-tasks.ts) on one worker thread per process,
 * so a turn of the same process does not wait behind them on the event loop. Until the worker has
 * started (its first start loads the tokenizer's tables), and where none can start (a serverless
 * runtime without the worker file, a sandbox without threads), the same task runs in-thread once
 * no turn waits for its first token (lib/jobs/foreground.ts); callers that can split their input
 * (the span reader) then hand it over in small slices. The results are the same either way.
 */

type Input<K extends ComputeKind> = Parameters<ComputeTasks[K]>[0];
type Output<K extends ComputeKind> = ReturnType<ComputeTasks[K]>;
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Reply = { ready: true } | { id: number; ok: boolean; value?: unknown; error?: string };

// An idle worker holds the tokenizer's tables (tens of MB): it exits after this long without work.
const IDLE_EXIT_MS = 60_000;

let worker: { thread: Worker; isReady: boolean } | null = null;
let unavailable: string | null = null;
let nextId = 0;
let idleTimer: NodeJS.Timeout | null = null;
const pending = new Map<number, Pending>();

class WorkerLost extends Error {}

/** True when tasks run on the worker now; false while it starts or where it cannot (callers slice their input). */
export function computesOffThread(): boolean {
  if (unavailable !== null) return false;
  if (!worker) spawn();
  return worker?.isReady ?? false;
}

/** Runs `kind` on the worker thread when it is ready, else in-thread. */
export async function compute<K extends ComputeKind>(kind: K, input: Input<K>): Promise<Output<K>> {
  if (computesOffThread() && worker) {
    try {
      return (await post(worker.thread, kind, input)) as Output<K>;
    } catch (error) {
      if (!(error instanceof WorkerLost)) throw error; // the task itself failed, not the worker
    }
  }
  await foregroundIdle();
  return (computeTasks[kind] as (input: Input<K>) => Output<K>)(input);
}

function post(thread: Worker, kind: ComputeKind, input: unknown): Promise<unknown> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  thread.ref();
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, kind, input });
  });
}

function spawn(): void {
  let thread: Worker;
  try {
    thread = startThread();
  } catch (error) {
    giveUp(error instanceof Error ? error.message : String(error));
    return;
  }
  thread.unref();
  const entry = { thread, isReady: false };
  worker = entry;
  thread.on("message", (m: Reply) => {
    if ("ready" in m) {
      entry.isReady = true;
      return idle(entry.thread);
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(new Error(m.error));
    if (pending.size === 0) idle(thread);
  });
  const lost = (reason: string) => {
    if (worker === entry) worker = null;
    // One that never became ready cannot start here: stop trying. One that ran and then died is
    // replaced when the next task comes.
    if (!entry.isReady) giveUp(reason);
    for (const p of pending.values()) p.reject(new WorkerLost(`compaction worker stopped: ${reason}`));
    pending.clear();
  };
  thread.on("error", (e) => lost(e.message));
  thread.on("exit", (code) => lost(`exit ${code}`));
}

function giveUp(reason: string): void {
  if (unavailable !== null) return;
  unavailable = reason;
  console.warn(`[compaction] no worker thread (${reason}); computing in-thread in slices`);
}

function idle(thread: Worker): void {
  thread.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker?.thread === thread && pending.size === 0) {
      worker = null;
      void thread.terminate();
    }
  }, IDLE_EXIT_MS);
  idleTimer.unref();
}
