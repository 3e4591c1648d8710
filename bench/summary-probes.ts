// Summary quality in the style of probe-based compression evaluations: a migration conversation
// whose early turns state a fact (recall), write a file (artifact), leave work open (continuation)
// and settle a decision (decision); filler turns push them before the cut; one compaction runs
// with the configured SUMMARY_MODEL (or CHAT_MODEL). Each probe's answer must then be findable in
// what the next request sends (the summary and the recent messages) or in the workspace files.
// Used by `npm run bench -- probes` and tests/integration/summary-probes.test.ts.
import { countTokens } from "@/lib/ai/tokens";
import { getSummaryModel } from "@/lib/ai/registry";
import { loadRecentSpan } from "@/lib/chat/recent-span";
import { runCompaction } from "@/lib/compaction/run";
import { appendMessage } from "@/lib/db/messages";
import { createThread } from "@/lib/db/threads";
import { listFiles, readFile, writeFile } from "@/lib/workspace/store";

export type ProbeKind = "recall" | "artifact" | "continuation" | "decision";
export type Probe = { kind: ProbeKind; question: string; answers: string[] };
export type ProbeResult = Probe & { found: boolean; where: "model input" | "workspace" | null };

export const PROBES: Probe[] = [
  { kind: "recall", question: "Where is the staging database?", answers: ["db-staging-7.internal:5433"] },
  { kind: "artifact", question: "Which file holds the migration checklist?", answers: ["migration.md"] },
  {
    kind: "continuation",
    question: "Which call sites are still to migrate?",
    answers: ["src/api/accounts.ts", "src/jobs/reconcile.ts", "src/cli/accounts.ts"],
  },
  { kind: "decision", question: "What must stay as it is?", answers: ["CLI output unchanged"] },
];

const EARLY: Array<["user" | "assistant", string]> = [
  ["user", "Move every caller from getAccount to loadAccount. The staging database is at db-staging-7.internal:5433."],
  ["assistant", "Loader is ready. I wrote the checklist to migration.md."],
  ["user", "Decision: keep the CLI output unchanged, because scripts parse it."],
  [
    "assistant",
    "Agreed: CLI output unchanged. Three callers remain: src/api/accounts.ts (getAccountHandler), src/jobs/reconcile.ts (reconcileAccount) and src/cli/accounts.ts (showAccount).",
  ],
];

const CHECKLIST = [
  "# Move callers from `getAccount` to `loadAccount`",
  "Loader is ready. Keep the CLI output unchanged.",
  "- [ ] `src/api/accounts.ts` (`getAccountHandler`)",
  "- [ ] `src/jobs/reconcile.ts` (`reconcileAccount`)",
  "- [ ] `src/cli/accounts.ts` (`showAccount`)",
].join("\n");

/** Seeds the conversation in a new thread of `userId`, compacts once, and checks every probe. */
export async function runSummaryProbes(
  userId: string,
  fillerTurns = 12,
): Promise<{ results: ProbeResult[]; summaryModel: string; isOffline: boolean }> {
  const thread = await createThread(userId, "Summary probes");
  const say = (role: "user" | "assistant", text: string) =>
    appendMessage(thread.id, { role, parts: [{ type: "text", text }], text, tokens: countTokens(text) });
  for (const [role, text] of EARLY) await say(role, text);
  await writeFile(thread.workspaceId, { path: "migration.md", content: CHECKLIST, baseVersion: null, author: "agent" });
  for (let k = 0; k < fillerTurns; k++) {
    await say("user", `Status check ${k}: anything new in the logs?`);
    await say("assistant", `Nothing new in round ${k}. ${"The logs show routine traffic only. ".repeat(20)}`);
  }
  const result = await runCompaction(thread.id, "manual");
  if (result.status !== "saved") throw new Error(`compaction ${result.status}: ${result.reason ?? ""}`);

  const loaded = await loadRecentSpan(thread.id);
  const input = [loaded.summary?.text ?? "", ...loaded.plan.messages.map((m) => m.text)].join("\n");
  const files = await listFiles(thread.workspaceId);
  const workspace = (await Promise.all(files.map(async (f) => `${f.path}\n${(await readFile(thread.workspaceId, f.path)).content}`))).join(
    "\n",
  );
  const results = PROBES.map((probe): ProbeResult => {
    const inInput = probe.answers.every((a) => input.includes(a));
    const inWorkspace = probe.answers.every((a) => workspace.includes(a));
    return { ...probe, found: inInput || inWorkspace, where: inInput ? "model input" : inWorkspace ? "workspace" : null };
  });
  const model = getSummaryModel();
  return { results, summaryModel: model.id, isOffline: model.isOffline };
}

/** `npm run bench -- probes`: one table row per probe, and what the run measured. */
export async function benchSummaryProbes(): Promise<string> {
  const { benchDatabase, table } = await import("./support");
  const { resetConfigForTests } = await import("@/tests/support/config");
  // A small recent budget, so the probes' turns fall before the cut of a short conversation.
  process.env.CONTEXT_RECENT_TOKENS ??= "400";
  resetConfigForTests();
  const { db, cleanup } = await benchDatabase();
  try {
    const userId = (await db.user.create({ data: {} })).id;
    const { results, summaryModel, isOffline } = await runSummaryProbes(userId);
    const what = isOffline
      ? "Offline summarizer: this tests the plumbing (compaction, names guarantee, workspace); set SUMMARY_MODEL or CHAT_MODEL with a provider key to measure a real summarizer."
      : `${summaryModel}: a real summarizer, probed.`;
    const rows = results.map((r) => ({ probe: r.kind, question: r.question, found: r.found ? "yes" : "no", where: r.where ?? "-" }));
    const found = results.filter((r) => r.found).length;
    return `${what}\n${table(rows)}\n(${found} of ${results.length} probes answerable after compaction)`;
  } finally {
    await cleanup();
  }
}
