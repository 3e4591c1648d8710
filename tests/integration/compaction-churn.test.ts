import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { CHAT_SYSTEM_PROMPT } from "@/lib/ai/prompts";
import { countTokens } from "@/lib/ai/tokens";
import { compactAtInputTokens, minSpanTokens, summaryMaxTokens } from "@/lib/compaction/budgets";
import { runCompaction } from "@/lib/compaction/run";
import { compactionTrigger } from "@/lib/compaction/trigger";
import { loadRecentSpan } from "@/lib/chat/recent-span";
import { config } from "@/lib/config";
import { resetConfigForTests } from "@/tests/support/config";
import { estimateInputTokens, sumTokens } from "@/lib/context";
import { appendMessage } from "@/lib/db/messages";
import { createThread } from "@/lib/db/threads";

const TURNS = 1000;

/**
 * Drives TURNS turns the way the runner does after each reply: the input the next call reads
 * (system + summary + the window's messages) is compared with the threshold, and a crossing runs
 * the real compaction job (offline summarizer). Turns are stored directly: the model's reply adds
 * nothing here but time.
 */
async function driveTurns(threadId: string) {
  const systemTokens = countTokens(CHAT_SYSTEM_PROMPT);
  const compactAt = compactAtInputTokens(config(), undefined);
  let added = 0;
  let maxInput = 0;
  for (let i = 0; i < TURNS; i++) {
    const user = `Turn ${i}: migrate src/mod${i % 40}/caller${i}.ts to loadAccount and keep the CLI output unchanged.`;
    const reply = `Done with src/mod${i % 40}/caller${i}.ts: it now calls loadAccount; the tests for caller${i} pass and nothing else changed.`;
    for (const [role, text] of [
      ["user", user],
      ["assistant", reply],
    ] as const) {
      const tokens = countTokens(text);
      added += tokens;
      await appendMessage(threadId, { role, parts: [{ type: "text", text }], text, tokens });
    }
    const { summary, plan } = await loadRecentSpan(threadId);
    const input = estimateInputTokens({
      systemTokens,
      summaryTokens: plan.recentSpan && summary ? summary.tokens : 0,
      messageTokens: sumTokens(plan.messages),
    }).total;
    maxInput = Math.max(maxInput, input);
    const trigger = compactionTrigger({ lastInputTokens: input, overflow: false }, compactAt);
    if (trigger) await runCompaction(threadId, trigger);
  }
  return { added, maxInput, systemTokens, compactAt };
}

// SQLite only: the job's database behaviour is covered on both databases elsewhere; this is about
// how often it runs, and 2,000 inserts per database would double a slow test for nothing.
describe.each(testDatabases().filter((d) => d.name === "sqlite"))("compaction churn over 1,000 turns on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const key of ["CONTEXT_RECENT_TOKENS", "COMPACT_AT_INPUT_TOKENS", "SUMMARY_MAX_TOKENS", "OFFLINE_DELAY_MS"])
      delete process.env[key];
    resetConfigForTests();
    await env?.drop();
  });

  it("compacts about as often as the threshold implies, with a bounded summary", async () => {
    Object.assign(process.env, { CONTEXT_RECENT_TOKENS: "600", COMPACT_AT_INPUT_TOKENS: "3000", OFFLINE_DELAY_MS: "0" });
    resetConfigForTests();
    const t = await createThread(userId);
    const { added, maxInput, systemTokens, compactAt } = await driveTurns(t.id);
    const saved = await env.db.compaction.count({ where: { threadId: t.id, status: "saved" } });
    const budget = summaryMaxTokens(config());
    // Each cycle starts from system + summary + recent messages and ends at the threshold.
    const perCycleAtLeast = compactAt - systemTokens - budget - 600 - 100;
    const implied = added / perCycleAtLeast;
    console.log(`[churn] ${TURNS} turns, ${added} tokens, ${saved} compactions, at most ${implied.toFixed(1)} implied`);
    expect(saved).toBeGreaterThanOrEqual(Math.floor(added / compactAt));
    expect(saved).toBeLessThanOrEqual(Math.ceil(implied) + 1);
    const summaries = await env.db.summary.findMany({ where: { threadId: t.id }, select: { tokens: true } });
    expect(Math.max(...summaries.map((s) => s.tokens))).toBeLessThanOrEqual(budget);
    // The input never runs far past the threshold: at most one turn beyond it.
    expect(maxInput).toBeLessThan(compactAt + 200);
  }, 300_000);

  it("does not compact every turn when system + summary + recent messages alone reach the threshold", async () => {
    // Recent messages alone nearly fill the threshold: every turn crosses it right after a compaction.
    Object.assign(process.env, {
      CONTEXT_RECENT_TOKENS: "1400",
      COMPACT_AT_INPUT_TOKENS: "1600",
      SUMMARY_MAX_TOKENS: "300",
      OFFLINE_DELAY_MS: "0",
    });
    resetConfigForTests();
    const t = await createThread(userId);
    const { added, compactAt } = await driveTurns(t.id);
    const saved = await env.db.compaction.count({ where: { threadId: t.id, status: "saved" } });
    const minSpan = minSpanTokens(compactAt);
    console.log(`[churn, tight] ${TURNS} turns, ${saved} compactions, at most ${Math.ceil(added / minSpan)} allowed by the minimum span`);
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThanOrEqual(Math.ceil(added / minSpan));
    // No receipt per skipped turn either.
    expect(await env.db.compaction.count({ where: { threadId: t.id } })).toBe(saved);
  }, 300_000);
});
