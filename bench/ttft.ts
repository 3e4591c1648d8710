// Time to first token of a turn while a compaction of the same thread runs in the background,
// against the same turn with nothing running, measured side by side in one run.
import { runTurn } from "@/lib/chat/turn";
import { runCompaction, type CompactionHooks } from "@/lib/compaction/run";
import type { callSummarizer } from "@/lib/compaction/summarize";
import { resetConfigForTests } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createThread } from "@/lib/db/threads";
import { benchDatabase, table } from "./support";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 9);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1500);

async function firstTokenMs(userId: string, threadId: string): Promise<number> {
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
  await turn.outcome;
  return first;
}

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchTimeToFirstToken(): Promise<string> {
  process.env.CONTEXT_RECENT_TOKENS = "2000";
  process.env.OFFLINE_DELAY_MS = "5";
  resetConfigForTests();
  const { db: client, cleanup } = await benchDatabase();
  try {
    const user = await client.user.create({ data: {} });
    const thread = await createThread(user.id);
    const rows = Array.from({ length: HISTORY }, (_, i) => {
      const role = i % 2 === 0 ? "user" : "assistant";
      const text = `${role} ${i}: updated src/module${i}/handler.ts and ticked item ${i} in migration.md; next is reconcileAccount${i}.`;
      return { threadId: thread.id, seq: i + 1, role, text, tokens: 30, parts: JSON.stringify([{ type: "text", text }]) };
    });
    await client.message.createMany({ data: rows });
    await client.thread.update({ where: { id: thread.id }, data: { lastSeq: HISTORY } });

    // A remote summarizer spends its time on the network, not on this process's CPU; the offline
    // one computes in-process. Both are measured, so the figure shows which cost is whose.
    const remoteLike: typeof callSummarizer = async (_threadId, _previous, messages) => {
      await new Promise((r) => setTimeout(r, 300));
      return {
        text: `## Goal\nContinue the migration (${messages.length} messages summarized).`,
        modelId: "remote-like",
        inputTokens: 0,
        outputTokens: 0,
      };
    };
    const quiet: number[] = [];
    const busy: number[] = [];
    const busyRemote: number[] = [];
    const compactionMs: number[] = [];
    const withCompaction = async (hooks: CompactionHooks, into: number[]) => {
      // Each run summarizes the same span again: forget the previous summary first.
      await db().summary.deleteMany({ where: { threadId: thread.id } });
      const c0 = performance.now();
      const compaction = runCompaction(thread.id, "threshold", hooks).then((r) => {
        if (r.status !== "saved") throw new Error(`compaction ${r.status}: ${r.reason}`);
        if (!hooks.summarize) compactionMs.push(performance.now() - c0);
      });
      into.push(await firstTokenMs(user.id, thread.id));
      await compaction;
    };
    for (let i = 0; i < PAIRS; i++) {
      quiet.push(await firstTokenMs(user.id, thread.id));
      await withCompaction({}, busy);
      await withCompaction({ summarize: remoteLike }, busyRemote);
    }
    return table([
      { case: "no compaction running", "median TTFT ms": med(quiet).toFixed(1), "vs no compaction": "1.00x" },
      {
        case: "compaction running, offline summarizer in-process",
        "median TTFT ms": med(busy).toFixed(1),
        "vs no compaction": (med(busy) / med(quiet)).toFixed(2) + "x",
      },
      {
        case: "compaction running, remote-like summarizer",
        "median TTFT ms": med(busyRemote).toFixed(1),
        "vs no compaction": (med(busyRemote) / med(quiet)).toFixed(2) + "x",
      },
      {
        case: "(offline compaction itself)",
        "median TTFT ms": med(compactionMs).toFixed(1),
        "vs no compaction": (med(compactionMs) / med(quiet)).toFixed(2) + "x",
      },
    ]);
  } finally {
    await cleanup();
  }
}
