// Time to first token of a turn while a compaction of the same thread runs in the background,
// against the same turn with nothing running, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
// Equal inputs: every turn starts from the same state (the same active summary, ~24k tokens of
// recent messages after it, and a span past the 100k-token threshold for the compaction to fold
// in), so quiet and busy turns send the model the same request; the table prints its size.
import { runTurn } from "@/lib/chat/turn";
import { computeInThreadForTests, computeWorkerReady } from "@/lib/compaction/compute";
import { runCompaction, type CompactionHooks } from "@/lib/compaction/run";
import type { callSummarizer } from "@/lib/compaction/summarize";
import { countTokens } from "@/lib/ai/tokens";
import { resetConfigForTests } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createThread } from "@/lib/db/threads";
import { provision, testDatabases } from "../tests/integration/support/databases";
import { table } from "./support";
import { benchMessage } from "./texts";

const ROUNDS = Number(process.env.BENCH_PAIRS ?? 9);
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

async function benchOne(target: { name: "sqlite" | "postgres"; url: string }) {
  const { db: client, drop } = await provision(target, "lrc_bench_ttft");
  try {
    const user = await client.user.create({ data: {} });
    const thread = await createThread(user.id);
    const total = SUMMARIZED + SPAN + RECENT;
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
    const baseSummary = await client.summary.create({
      data: {
        threadId: thread.id,
        text: "## Goal\nMigrate callers.\n## Open items\n- src/cli/accounts.ts",
        tokens: 20,
        cutMessageId: rows[SUMMARIZED].id,
        status: "active",
      },
    });
    // Every turn starts from the first summary again, so each one sends the same request.
    const resetSummary = async () => {
      await db().summary.deleteMany({ where: { threadId: thread.id, id: { not: baseSummary.id } } });
      await db().summary.update({ where: { id: baseSummary.id }, data: { status: "active" } });
    };
    const quiet: number[] = [];
    const busy: number[] = [];
    const busyRemote: number[] = [];
    const compactionMs: number[] = [];
    const inputs = new Set<number>();
    const turn = async (into: number[]) => {
      const r = await firstTokenMs(user.id, thread.id);
      into.push(r.ms);
      inputs.add(Math.round(r.inputTokens / 1000));
    };
    const withCompaction = async (hooks: CompactionHooks, into: number[]) => {
      await resetSummary();
      const c0 = performance.now();
      const compaction = runCompaction(thread.id, "threshold", hooks).then((r) => {
        if (r.status !== "saved") throw new Error(`compaction ${r.status}: ${r.reason}`);
        if (!hooks.summarize) compactionMs.push(performance.now() - c0);
      });
      await turn(into);
      await compaction;
    };
    await resetSummary();
    await turn([]); // warm-up: the offline model's prompt cache and the JIT
    // And the compaction's own: its first run starts the worker thread, which computes from then on.
    await resetSummary();
    await runCompaction(thread.id, "threshold");
    const offThread = await computeWorkerReady();
    // Interleaved rounds: drift on a shared machine lands on every case alike.
    for (let i = 0; i < ROUNDS; i++) {
      await resetSummary();
      await turn(quiet);
      await withCompaction({}, busy);
      await withCompaction({ summarize: remoteLike }, busyRemote);
    }
    const row = (label: string, xs: number[]) => ({
      db: target.name,
      case: label,
      "median TTFT ms": med(xs).toFixed(1),
      "vs no compaction": (med(xs) / med(quiet)).toFixed(2) + "x",
    });
    return {
      rows: [
        row("no compaction running", quiet),
        row("compaction running, offline summarizer in-process", busy),
        row("compaction running, remote-like summarizer (300 ms)", busyRemote),
        row("(the offline compaction itself, whole)", compactionMs),
      ],
      inputs: [...inputs].map((k) => `${k}k`).join(", "),
      offThread,
    };
  } finally {
    await drop();
  }
}

export async function benchTimeToFirstToken(): Promise<string> {
  process.env.CONTEXT_RECENT_TOKENS = "24000";
  process.env.COMPACT_AT_INPUT_TOKENS = "100000";
  process.env.OFFLINE_DELAY_MS = "5";
  resetConfigForTests();
  // BENCH_IN_THREAD=1 measures the fallback where no worker thread starts (serverless runtimes).
  computeInThreadForTests(process.env.BENCH_IN_THREAD === "1");
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
  return [`median of ${ROUNDS} interleaved rounds`, table(rows), ...notes].join("\n");
}
