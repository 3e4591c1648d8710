// Resume without the chat: the fixture task (N call sites of loadAccount, migration.md, "email me
// a summary") run uninterrupted, then abandoned at 25/50/75% of the uninterrupted run's turns and
// once inside the send window (the provider has the email, the ledger has no outcome), each time
// continued in a fresh thread that gets only the goal. Figures are counts and ratios against the
// uninterrupted run of the same invocation. CHAT_MODEL picks the model (offline by default).
import fs from "node:fs";
import path from "node:path";
import { benchDatabase, table } from "./support";
import { runResumeTask, type ResumePoint, type ResumeRow } from "./resume-run";
import { getChatModel } from "@/lib/ai/registry";
import { resetConfigForTests } from "@/tests/support/config";
import { DEFAULT_CALL_SITES } from "./resume/fixture";

const RESULTS = path.resolve("bench/results/resume.json");

export async function benchResume(): Promise<string> {
  const n = Number(process.env.BENCH_RESUME_SITES ?? DEFAULT_CALL_SITES);
  // The offline model's pacing is for people watching; the harness counts, it does not time.
  process.env.OFFLINE_DELAY_MS ??= "0";
  // The offline model's side of the fixture (its work mode) is test scaffolding, registered only here.
  await import("../tests/support/work-mode.preload.mjs");
  resetConfigForTests();
  const { db, cleanup } = await benchDatabase();
  const rows: ResumeRow[] = [];
  let turns = 0;
  try {
    const userId = (await db.user.create({ data: {} })).id;
    const baseline = await runResumeTask({ userId, n, point: "none", interruptAfter: null });
    turns = baseline.turns;
    rows.push(row(baseline));
    const points: [ResumePoint, number | null][] = [
      ["25%", 0.25],
      ["50%", 0.5],
      ["75%", 0.75],
      ["send-window", null],
    ];
    for (const [point, share] of points) {
      const k = share === null ? null : Math.max(1, Math.round(baseline.turns * share));
      rows.push(row(await runResumeTask({ userId, n, point, interruptAfter: k })));
    }
  } finally {
    await cleanup();
  }
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, JSON.stringify({ rows }, null, 2) + "\n");
  const base = rows[0];
  const printed = rows.map((r) => ({
    point: r.point,
    finished: r.finished ? "yes" : "no",
    "duplicate sends": r.duplicateSends,
    "redone migrations": r.redoneMigrations,
    "tool calls": r.toolCalls,
    "calls/none": (r.toolCalls / base.toolCalls).toFixed(2),
    "input tokens": r.inputTokens,
    "tokens/none": (r.inputTokens / base.inputTokens).toFixed(2),
    "unknown send handled as": r.unknownHandledAs,
  }));
  const model = getChatModel();
  const what = model.isOffline
    ? `Offline model with the fixture's scripted work mode (bench/resume/offline-behaviours.ts): this tests the plumbing only (fresh thread, workspace, ledger, sweeper, done-check); finishing without duplicate sends is by construction. Set CHAT_MODEL and a provider key to measure real resumption.`
    : `${model.id}: real resumption, measured against this invocation's own uninterrupted run.`;
  return `${what}\n${table(printed)}\n(${n} call sites; uninterrupted run: ${turns} turns; written to ${path.relative(process.cwd(), RESULTS)})`;
}

function row(r: ResumeRow): ResumeRow {
  return {
    point: r.point,
    finished: r.finished,
    duplicateSends: r.duplicateSends,
    redoneMigrations: r.redoneMigrations,
    toolCalls: r.toolCalls,
    inputTokens: r.inputTokens,
    unknownHandledAs: r.unknownHandledAs,
  };
}
