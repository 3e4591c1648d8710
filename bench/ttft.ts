// Time to first token of a turn while a compaction of the same thread runs in the background,
// against the same turn with nothing running, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
// Equal inputs: every turn starts from the same state (the same active summary, ~24k tokens of
// recent messages after it, and a span past the 100k-token threshold for the compaction to fold
// in), so quiet and busy turns send the model the same request; the table prints its size. A
// second thread has no summary yet: its turn reads every message while its first compaction runs.
import { runTurn } from "@/lib/chat/turn";
import { runCompaction } from "@/lib/compaction/run";
import type { callSummarizer } from "@/lib/compaction/summarize";
import { countTokens } from "@/lib/ai/tokens";
import { resetConfigForTests } from "@/tests/support/config";
import { db, type Db } from "@/lib/db/client";

import { createThread } from "@/lib/db/threads";
import { provision, testDatabases } from "../tests/integration/support/databases";
import { computeWorkerReady } from "../tests/support/compute-thread";
import { withSummarizer } from "../tests/support/summarizer";
import { table } from "./support";
import { benchMessage } from "./texts";

// A multiple of 6: every order of the three cases (ORDERS) comes up as often.
const ROUNDS = Number(process.env.BENCH_PAIRS ?? 12);
const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];
// Before the old cut (already summarized), then the span a compaction folds in, then the recent span.
const SUMMARIZED = 400;
const SPAN = 600;
const RECENT = 180;

async function firstTokenMs(userId: string, threadId: string): Promise<{ ms: number; inputTokens: number }> {
  const t0 = performance.now();
  const turn = await runTurn({
    userId,
    threadId,
    start: { kind: "submit", parts: [{ type: "text", text: "What is next on the checklist?" }] },
  });
  let first = -1;
  const reader = turn.stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    if (first < 0 && r.value.type === "text-delta") first = performance.now() - t0;
  }
  const outcome = await turn.outcome;
  return { ms: first, inputTokens: outcome.lastInputTokens ?? 0 };
}

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// A remote summarizer spends its time on the network, not on this process's CPU; the offline one
// computes in-process. Both are measured, so the figure shows which cost is whose.
const remoteLike: typeof callSummarizer = async (_threadId, _previous, messages) => {
  await new Promise((r) => setTimeout(r, 300));
  return {
    text: `## Goal\nContinue the migration (${messages.length} messages summarized).`,
    modelId: "remote-like",
    inputTokens: 0,
    outputTokens: 0,
  };
};

type Case = { label: string; quiet: number[]; busy: number[]; busyRemote: number[]; compactionMs: number[] };

/**
 * One thread and its reset: with a summary (a later compaction, which folds the previous summary
 * in) or without one (the thread's first compaction, whose turn reads every message).
 */
async function seedThread(client: Db, userId: string, withSummary: boolean) {
  const thread = await createThread(userId);
  const total = (withSummary ? SUMMARIZED : 0) + SPAN + RECENT;
  const rows = Array.from({ length: total }, (_, i) => {
    const { role, text } = benchMessage(i);
    return {
      id: `${thread.id}-m${i}`,
      threadId: thread.id,
      seq: i + 1,
      role,
      text,
      tokens: countTokens(text),
      parts: JSON.stringify([{ type: "text", text }]),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await client.message.createMany({ data: rows.slice(i, i + 500) });
  await client.thread.update({ where: { id: thread.id }, data: { lastSeq: total } });
  const base = withSummary
    ? await client.summary.create({
        data: {
          threadId: thread.id,
          text: "## Goal\nMigrate callers.\n## Open items\n- src/cli/accounts.ts",
          tokens: 20,
          cutMessageId: rows[SUMMARIZED].id,
          status: "active",
        },
      })
    : null;
  // Every turn starts from the same state again, so each one sends the same request.
  const reset = async () => {
    await db().summary.deleteMany({ where: { threadId: thread.id, ...(base ? { id: { not: base.id } } : {}) } });
    if (base) await db().summary.update({ where: { id: base.id }, data: { status: "active" } });
  };
  return { id: thread.id, reset };
}

async function benchOne(target: { name: "sqlite" | "postgres"; url: string }) {
  const { db: client, drop } = await provision(target, "lrc_bench_ttft");
  try {
    const user = await client.user.create({ data: {} });
    const threads = [
      { ...(await seedThread(client, user.id, true)), label: "with a summary" },
      { ...(await seedThread(client, user.id, false)), label: "first compaction, no summary yet" },
    ];
    const cases = new Map<string, Case>(
      threads.map((t) => [t.id, { label: t.label, quiet: [], busy: [], busyRemote: [], compactionMs: [] }]),
    );
    const inputs = new Map<string, Set<number>>(threads.map((t) => [t.id, new Set()]));
    const turn = async (threadId: string, into: number[]) => {
      const r = await firstTokenMs(user.id, threadId);
      into.push(r.ms);
      inputs.get(threadId)!.add(Math.round(r.inputTokens / 1000));
    };
    const withCompaction = async (t: (typeof threads)[number], summarize: typeof callSummarizer | null, into: number[]) => {
      await t.reset();
      const c0 = performance.now();
      const run = () => runCompaction(t.id, "threshold");
      const compaction = (summarize ? withSummarizer(summarize, run) : run()).then((r) => {
        if (r.status !== "saved") throw new Error(`compaction ${r.status}: ${r.reason}`);
        if (!summarize) cases.get(t.id)!.compactionMs.push(performance.now() - c0);
      });
      await turn(t.id, into);
      await compaction;
    };
    for (const t of threads) {
      await t.reset();
      await turn(t.id, []); // warm-up: the offline model's prompt cache and the JIT
      // And the compaction's own: its first run starts the worker thread, which computes from then on.
      await t.reset();
      await runCompaction(t.id, "threshold");
    }
    const offThread = await computeWorkerReady();
    // Interleaved rounds: drift on a shared machine lands on every case alike. The order of the
    // three cases runs through all six permutations: a turn pays for the garbage the sample before
    // it left (a CPU profile showed 5.8 ms of GC in the first 30 ms of a turn that always followed
    // a quiet turn, 1.2 ms in one that always followed a compaction), so each case must follow
    // each other case as often (a rotation keeps the cyclic order, hence every predecessor).
    for (let i = 0; i < ROUNDS; i++) {
      for (const t of threads) {
        const c = cases.get(t.id)!;
        const samples = [
          async () => {
            await t.reset();
            await turn(t.id, c.quiet);
          },
          () => withCompaction(t, null, c.busy),
          () => withCompaction(t, remoteLike, c.busyRemote),
        ];
        for (const k of ORDERS[(i + threads.indexOf(t)) % ORDERS.length]) await samples[k]();
      }
    }
    const rows = [...cases.values()].flatMap((c) => {
      const row = (label: string, xs: number[]) => ({
        db: target.name,
        thread: c.label,
        case: label,
        "median TTFT ms": med(xs).toFixed(1),
        "vs no compaction": (med(xs) / med(c.quiet)).toFixed(2) + "x",
      });
      return [
        row("no compaction running", c.quiet),
        row("compaction running, offline summarizer in-process", c.busy),
        row("compaction running, remote-like summarizer (300 ms)", c.busyRemote),
        row("(the offline compaction itself, whole)", c.compactionMs),
      ];
    });
    const inputNotes = threads.map((t) => `${t.label}: ${[...inputs.get(t.id)!].map((k) => `${k}k`).join(", ")}`);
    return { rows, inputs: inputNotes.join("; "), offThread };
  } finally {
    await drop();
  }
}

export async function benchTimeToFirstToken(): Promise<string> {
  process.env.CONTEXT_RECENT_TOKENS = "24000";
  process.env.COMPACT_AT_INPUT_TOKENS = "100000";
  process.env.OFFLINE_DELAY_MS = "5";
  resetConfigForTests();
  // BENCH_IN_THREAD=1 measures the fallback where no worker thread starts (serverless runtimes):
  // tests/support/compute-thread.ts, swapped in for the app's, then refuses to start one.
  const rows: Array<Record<string, string>> = [];
  const notes: string[] = [];
  for (const target of testDatabases()) {
    const r = await benchOne(target);
    rows.push(...r.rows);
    notes.push(`${target.name}: model input of every measured turn, rounded: ${r.inputs} tokens`);
    notes.push(
      `${target.name}: the compaction's CPU work ran ${r.offThread ? "on its worker thread" : "in-thread, in slices (BENCH_IN_THREAD=1 or no worker)"}`,
    );
  }
  if (!process.env.TEST_DATABASE_URL)
    notes.push("PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test)");
  return [`median of ${ROUNDS} interleaved rounds, the three cases in every order`, table(rows), ...notes].join("\n");
}
