// Flat cost: the time to build the model input, by our path (load the summary and the messages
// from its cut on, plus the pins before it) and by a load-everything baseline (all messages loaded
// and converted, as the Vercel chatbot template does), on SQLite and (with TEST_DATABASE_URL) on
// PostgreSQL. Realistic windows: messages of 60-200 words, a summary cut that leaves ~24k tokens of
// recent messages, the 100k-token compaction threshold. Threads with and without pins, and threads
// still under the threshold without a summary. The two paths are timed interleaved, sample by
// sample, and every ratio is against our path at the smallest size, measured in the same run.
import { convertToModelMessages, type UIMessage } from "ai";
import { countTokens } from "@/lib/ai/tokens";
import { buildModelInput } from "@/lib/chat/model-input";
import { getChatModel } from "@/lib/ai/registry";
import { loadRecentSpan, loadWholeRun } from "@/lib/chat/recent-span";
import { runBoundFor } from "@/lib/chat/run-bound";
import { config } from "@/lib/config";
import { resetConfigForTests } from "@/tests/support/config";
import { db } from "@/lib/db/client";
import { provision, testDatabases } from "../tests/integration/support/databases";
import { table } from "./support";
import { benchMessage } from "./texts";

// Threads with a summary: below ~1,000 realistic messages a thread is still under the threshold,
// so no compaction would have run (those are the "no summary" rows).
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
// Loading everything at 100,000 realistic messages takes seconds per sample; the baseline path
// stops here (its growth is plain by then).
const LOAD_ALL_MAX = Number(process.env.BENCH_LOAD_ALL_MAX ?? 10_000);
const PINS = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);

type Variant = "summary" | "summary+pins" | "no summary";
type Seeded = { threadId: string; recentTokens: number; recentMessages: number };

/** `count` messages; tokens are counted for real where the recent span may read them. */
async function seedThread(userId: string, count: number, variant: Variant): Promise<Seeded> {
  const ws = await db().workspace.create({ data: { userId } });
  const thread = await db().thread.create({ data: { userId, workspaceId: ws.id, lastSeq: count } });
  const recentBudget = config().CONTEXT_RECENT_TOKENS;
  const rows = Array.from({ length: count }, (_, i) => {
    const { role, text } = benchMessage(i);
    const tokens = i >= count - 600 ? countTokens(text) : Math.ceil(text.length / 4);
    return {
      id: `${thread.id}-m${i}`,
      threadId: thread.id,
      seq: i + 1,
      role,
      text,
      tokens,
      parts: JSON.stringify([{ type: "text", text }]),
    };
  });
  // The cut: the user message where the messages from it on first reach ~24k tokens.
  let cutIndex = count;
  let recentTokens = 0;
  while (cutIndex > 0 && recentTokens < recentBudget) recentTokens += rows[--cutIndex].tokens;
  if (cutIndex % 2 === 1) recentTokens -= rows[cutIndex++].tokens;
  if (variant === "summary+pins") {
    for (let p = 1; p <= PINS; p++) Object.assign(rows[Math.floor((cutIndex * p) / (PINS + 1))], { pinnedAt: new Date() });
  }
  for (let i = 0; i < rows.length; i += 2000) await db().message.createMany({ data: rows.slice(i, i + 2000) });
  if (variant !== "no summary") {
    if (cutIndex === 0) throw new Error(`${count} messages leave nothing to summarize`);
    await db().summary.create({
      data: {
        threadId: thread.id,
        text: "## Goal\nMigrate callers.\n## Open items\n- src/cli/accounts.ts",
        tokens: 20,
        cutMessageId: rows[cutIndex].id,
        status: "active",
      },
    });
    return { threadId: thread.id, recentTokens, recentMessages: count - cutIndex };
  }
  return { threadId: thread.id, recentTokens: rows.reduce((n, r) => n + r.tokens, 0), recentMessages: count };
}

async function ourPath(threadId: string, summarized: boolean) {
  const bound = runBoundFor(getChatModel());
  const input = await buildModelInput(await loadRecentSpan(threadId, { bound }), {}, () => loadWholeRun(threadId, bound));
  if (summarized !== input.summaryApplied) throw new Error(`summary applied: ${input.summaryApplied} (${input.summarySkippedReason})`);
  return input.messages.length;
}

async function loadEverything(threadId: string) {
  const rows = await db().message.findMany({ where: { threadId, deletedAt: null }, orderBy: { seq: "asc" } });
  const ui: UIMessage[] = rows.map((r) => ({ id: r.id, role: r.role as UIMessage["role"], parts: JSON.parse(r.parts) }));
  return (await convertToModelMessages(ui)).length;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Sizes without a summary stay under the compaction threshold (no compaction would have run). */
function underThreshold(): number[] {
  const threshold = config().COMPACT_AT_INPUT_TOKENS;
  return [100, Math.floor((threshold * 0.8) / 131 / 2) * 2];
}

async function benchOne(target: { name: "sqlite" | "postgres"; url: string }) {
  const { db: client, drop } = await provision(target);
  try {
    const user = await client.user.create({ data: {} });
    const cases: Array<{ size: number; variant: Variant }> = [
      ...SIZES.flatMap((size) => [
        { size, variant: "summary" as const },
        { size, variant: "summary+pins" as const },
      ]),
      ...underThreshold().map((size) => ({ size, variant: "no summary" as const })),
    ];
    const seeded: Seeded[] = [];
    for (const c of cases) seeded.push(await seedThread(user.id, c.size, c.variant));
    // PostgreSQL plans by table statistics, which autovacuum refreshes after bulk inserts like
    // these; a bench measured before it runs would time plans no running server uses.
    if (target.name === "postgres") await client.$executeRawUnsafe(`ANALYZE "Message"`);
    const summarized = cases.map((c) => c.variant !== "no summary");
    for (let i = 0; i < 40; i++) await ourPath(seeded[0].threadId, summarized[0]); // JIT warm-up
    // Round by round, every case and both paths take turns: drift on a shared machine lands on
    // all of them alike instead of on whichever size happened to run during a busy spell. Within a
    // round our path runs for every case before load-everything does: a sample taken right after a
    // 10,000-message load-all pays for its garbage (PostgreSQL's 100,000-message case read 9-11 ms
    // there, 5-6 ms elsewhere in the same rounds). The case order rotates each round, so the one
    // sample after the previous round's load-all falls on every case alike and the median drops it.
    const ours: number[][] = cases.map(() => []);
    const all: number[][] = cases.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const order = cases.map((_, i) => (i + round) % cases.length);
      for (const k of order) ours[k].push(await timed(() => ourPath(seeded[k].threadId, summarized[k])));
      for (const k of order) {
        if (cases[k].size <= LOAD_ALL_MAX) all[k].push(await timed(() => loadEverything(seeded[k].threadId)));
      }
    }
    const base = median(ours[0]);
    const rows = cases.map(({ size, variant }, k) => {
      const o = median(ours[k]);
      const a = all[k].length ? median(all[k]) : null;
      return {
        db: target.name,
        messages: size,
        thread: variant,
        "recent span msgs/tokens": `${seeded[k].recentMessages}/${seeded[k].recentTokens}`,
        "ours ms": o.toFixed(2),
        "vs ours@first": (o / base).toFixed(2) + "x",
        "load-all ms": a === null ? "-" : a.toFixed(1),
        "load-all / ours": a === null ? "-" : (a / o).toFixed(1) + "x",
      };
    });
    return rows;
  } finally {
    await drop();
  }
}

export async function benchContextBuild(): Promise<string> {
  process.env.CONTEXT_RECENT_TOKENS = "24000";
  process.env.COMPACT_AT_INPUT_TOKENS = "100000";
  resetConfigForTests();
  const rows: Array<Record<string, string | number>> = [];
  for (const target of testDatabases()) rows.push(...(await benchOne(target)));
  const notes = [
    `median of ${ROUNDS} rounds, every case and both paths in each round (ours for every case, then load-all, the case order rotating); "vs ours@first" is against ${SIZES[0]} messages with a summary, same database, same run`,
    `load-all is measured up to ${LOAD_ALL_MAX} messages (BENCH_LOAD_ALL_MAX)`,
  ];
  if (!process.env.TEST_DATABASE_URL)
    notes.push("PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test)");
  return [table(rows), ...notes].join("\n");
}
