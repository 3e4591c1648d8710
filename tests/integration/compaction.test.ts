import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { seedConversation } from "./support/seed";
import { appendMessage } from "@/lib/db/messages";
import { createThread } from "@/lib/db/threads";
import { runCompaction } from "@/lib/compaction/run";
import { realSummarizer, summarizeThen, withSummarizer } from "../support/summarizer";
import { afterTurn } from "@/lib/chat/after-turn";
import { editOwnMessage } from "@/lib/chat/edit";
import { inspectContext } from "@/lib/chat/inspect";
import { showVersion } from "@/lib/chat/show-version";
import { resetConfigForTests } from "@/tests/support/config";
import { keepsName, NAMES_FILE_NOTICE, NAMES_FILE_PATH, parseNamesFile } from "@/lib/context";

// Small budgets so a handful of messages is enough to compact.
function useSmallBudgets(recent = 60) {
  process.env.CONTEXT_RECENT_TOKENS = String(recent);
  process.env.COMPACT_AT_INPUT_TOKENS = "100"; // small spans (a quarter of this) are not compacted
  resetConfigForTests();
}

const ARTICLE: Array<["user" | "assistant", string]> = [
  ["user", "Move callers from `getAccount` to `loadAccount`. The loader lives in src/accounts/load.ts."],
  [
    "assistant",
    "Loader is ready. Three callers remain: src/api/accounts.ts (getAccountHandler), src/jobs/reconcile.ts (reconcileAccount), src/cli/accounts.ts (showAccount).",
  ],
  ["assistant", "I wrote the plan to migration.md."],
  ["user", "Keep the CLI output unchanged."],
  ["assistant", "I’ll keep the formatter."],
];

describe.each(testDatabases())("compaction on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    useSmallBudgets();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  beforeEach(() => useSmallBudgets());
  afterAll(async () => env?.drop());

  it("cuts at the expected user message, saves a verified summary with a receipt, and an edit makes it stale", async () => {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, ARTICLE);
    const touched = (await env.db.thread.findUniqueOrThrow({ where: { id: t.id } })).updatedAt;
    const result = await runCompaction(t.id, "threshold");
    expect(result.status).toBe("saved");
    // Background work does not move the thread up the sidebar.
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: t.id } })).updatedAt).toEqual(touched);
    const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    expect(summary.cutMessageId).toBe(m[3].id);
    for (const name of ["getAccount", "loadAccount", "src/accounts/load.ts", "src/jobs/reconcile.ts", "showAccount"]) {
      expect(summary.text).toContain(name);
    }
    const receipt = await env.db.compaction.findUniqueOrThrow({ where: { id: result.compactionId } });
    expect(receipt).toMatchObject({
      status: "saved",
      spanFirstId: m[0].id,
      spanLastId: m[2].id,
      cutMessageId: m[3].id,
      modelId: "offline",
      summaryId: summary.id,
    });
    expect(receipt.tokensBefore).toBeGreaterThan(0);
    expect(receipt.tokensAfter).toBe(summary.tokens);
    expect(receipt.namesKept).toBeGreaterThanOrEqual(5);
    expect(await env.db.modelCall.count({ where: { threadId: t.id, kind: "summary" } })).toBe(1);

    const before = await inspectContext(t.id, { includeInput: false });
    expect(before.recentSpan).toEqual({ cutMessageId: m[3].id });
    expect(before.summary?.receipt?.status).toBe("saved");

    await editOwnMessage(userId, t.id, m[3].id, "Keep the CLI output unchanged, and add --json.");
    const after = await inspectContext(t.id, { includeInput: false });
    expect(after.summaryStale).toBe(true);
    expect(after.recentSpan).toBeNull();
  });

  it("a summary made on one branch stays in force there: another branch's compaction does not replace it", async () => {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, ARTICLE);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    const first = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    expect(first.cutMessageId).toBe(m[3].id);

    // An edit at the cut: stale there, and the edited branch gets its own summary.
    const edited = await editOwnMessage(userId, t.id, m[3].id, "Keep the CLI output unchanged, and add --json.");
    expect((await inspectContext(t.id, { includeInput: false })).summaryStale).toBe(true);
    await seedConversation(t.id, [
      ["assistant", "I will add --json and keep the text output as it is."],
      ["user", "Then update src/jobs/reconcile.ts, carefully, keeping the retry loop."],
      ["assistant", "Done: reconcileAccount uses loadAccount and keeps its retry loop."],
      ["user", "Good. What is left?"],
    ]);
    useSmallBudgets(20);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    const second = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" }, orderBy: { createdAt: "desc" } });
    expect(second.id).not.toBe(first.id);
    // Made on the other branch, the first one is not replaced.
    expect((await env.db.summary.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("active");

    await showVersion(userId, t.id, m[3].id);
    const back = await inspectContext(t.id, { includeInput: false });
    expect(back.summaryStale).toBe(false);
    expect(back.summary?.id).toBe(first.id);
    await showVersion(userId, t.id, edited.id);
    expect((await inspectContext(t.id, { includeInput: false })).summary?.id).toBe(second.id);
  });

  it("rolls forward: the next compaction gets the previous summary and only the newly fallen messages", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, ARTICLE);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    const first = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    useSmallBudgets(20);
    const more = await seedConversation(t.id, [
      ["user", "Now update src/jobs/reconcile.ts please, carefully."],
      ["assistant", "Done: reconcileAccount uses loadAccount."],
      ["user", "Next the CLI."],
    ]);
    const seen: Array<{ previous: string | null; texts: string[] }> = [];
    const result = await withSummarizer(
      (threadId, previous, messages, extra) => {
        seen.push({ previous, texts: messages.map((x) => x.text) });
        return realSummarizer(threadId, previous, messages, extra);
      },
      () => runCompaction(t.id, "threshold"),
    );
    expect(result.status).toBe("saved");
    expect(seen[0].previous).toBe(first.text);
    expect(seen[0].texts[0]).toBe(ARTICLE[3][1]);
    expect(seen[0].texts).not.toContain(ARTICLE[0][1]);
    const active = await env.db.summary.findMany({ where: { threadId: t.id, status: "active" } });
    expect(active).toHaveLength(1);
    expect(active[0].cutMessageId).toBe(more[2].id);
    expect(active[0].text).toContain("getAccount");
    expect(await env.db.summary.count({ where: { threadId: t.id, status: "superseded" } })).toBe(1);
    expect((await runCompaction(t.id, "threshold")).status).toBe("skipped");
  });

  it("discards the result when an edit removes the cut message while summarizing", async () => {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, ARTICLE);
    const result = await withSummarizer(
      summarizeThen(async () => {
        await editOwnMessage(userId, t.id, m[3].id, "Changed my mind about the CLI.");
      }),
      () => runCompaction(t.id, "threshold"),
    );
    expect(result.status).toBe("discarded");
    expect(result.reason).toMatch(/cut message was removed/);
    expect(await env.db.summary.count({ where: { threadId: t.id } })).toBe(0);
    const receipt = await env.db.compaction.findUniqueOrThrow({ where: { id: result.compactionId } });
    expect(receipt.status).toBe("discarded");
    expect(await env.db.thread.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ compactionHolder: null });
  });

  it("runs one compaction for two concurrent triggers, and takes over an expired lease", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, ARTICLE);
    const results = await Promise.all([runCompaction(t.id, "threshold"), runCompaction(t.id, "threshold")]);
    expect(results.map((r) => r.status).sort()).toEqual(["busy", "saved"]);
    expect(await env.db.modelCall.count({ where: { threadId: t.id, kind: "summary" } })).toBe(1);

    const t2 = await createThread(userId);
    await seedConversation(t2.id, ARTICLE);
    await env.db.thread.update({ where: { id: t2.id }, data: { compactionHolder: "live", compactionHeartbeatAt: new Date() } });
    expect((await runCompaction(t2.id, "threshold")).status).toBe("busy");
    await env.db.thread.update({
      where: { id: t2.id },
      data: { compactionHolder: "crashed", compactionHeartbeatAt: new Date(Date.now() - 3_600_000) },
    });
    expect((await runCompaction(t2.id, "threshold")).status).toBe("saved");
  });

  it("a job whose lease was taken over cannot save its summary", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, ARTICLE);
    const result = await withSummarizer(
      summarizeThen(async () => {
        // Our heartbeat stopped while the summarizer was slow, and another instance took the lease.
        await env.db.thread.update({
          where: { id: t.id },
          data: { compactionHolder: "other-instance", compactionHeartbeatAt: new Date() },
        });
      }),
      () => runCompaction(t.id, "threshold"),
    );
    expect(result).toMatchObject({ status: "discarded", reason: expect.stringMatching(/another compaction to take over/) });
    expect(await env.db.summary.count({ where: { threadId: t.id } })).toBe(0);
    // The zombie's release leaves the new holder's lease alone.
    expect((await env.db.thread.findUniqueOrThrow({ where: { id: t.id } })).compactionHolder).toBe("other-instance");
  });

  it("a failing summarizer leaves the old summary in force, and the next crossing tries again", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, ARTICLE);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    const kept = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    useSmallBudgets(20);
    await seedConversation(t.id, [
      [
        "user",
        "Another long request about src/cli/accounts.ts and more: keep the output format, the exit codes and the flags exactly as they are today.",
      ],
      ["assistant", "Working on it."],
      ["user", "Status?"],
    ]);
    const failing = await withSummarizer(
      async () => {
        throw new Error("provider unavailable (HTTP 503)");
      },
      () => runCompaction(t.id, "threshold"),
    );
    expect(failing).toMatchObject({ status: "failed", reason: "provider unavailable (HTTP 503)" });
    const errorText = await withSummarizer(
      async () => ({ text: "Error: context_length_exceeded", modelId: "x", inputTokens: 1, outputTokens: 1 }),
      () => runCompaction(t.id, "threshold"),
    );
    expect(errorText.status).toBe("failed");
    expect((await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } })).id).toBe(kept.id);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    expect((await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } })).id).not.toBe(kept.id);
  });

  it("a context-overflow error and a threshold crossing trigger compaction after the turn", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, ARTICLE);
    const { outcome } = await completeTurn(userId, t.id, textStart("overflow"));
    expect(outcome).toMatchObject({ overflow: true, status: "error" });
    await afterTurn(t.id, Promise.resolve(outcome));
    const receipt = await env.db.compaction.findFirstOrThrow({ where: { threadId: t.id } });
    expect(receipt).toMatchObject({ trigger: "overflow", status: "saved" });

    const quiet = await createThread(userId);
    await seedConversation(quiet.id, ARTICLE);
    await afterTurn(quiet.id, Promise.resolve({ lastInputTokens: 99, overflow: false, status: "complete" as const }));
    expect(await env.db.compaction.count({ where: { threadId: quiet.id } })).toBe(0);
    await afterTurn(quiet.id, Promise.resolve({ lastInputTokens: 100, overflow: false, status: "complete" as const }));
    expect(await env.db.compaction.findFirstOrThrow({ where: { threadId: quiet.id } })).toMatchObject({ trigger: "threshold" });
  });

  it("folds a span larger than the chunk budget in several calls, each given the running summary", async () => {
    process.env.SUMMARY_CHUNK_TOKENS = "40";
    resetConfigForTests();
    try {
      const t = await createThread(userId);
      await seedConversation(t.id, ARTICLE);
      const calls: Array<{ previous: string | null; count: number }> = [];
      const result = await withSummarizer(
        async (threadId, previous, messages, extra) => {
          calls.push({ previous, count: messages.length });
          return realSummarizer(threadId, previous, messages, extra);
        },
        () => runCompaction(t.id, "threshold"),
      );
      expect(result.status).toBe("saved");
      expect(calls.length).toBeGreaterThan(1);
      expect(calls[0].previous).toBeNull();
      for (let i = 1; i < calls.length; i++) expect(calls[i].previous).toContain("## Goal");
      expect(calls.reduce((n, c) => n + c.count, 0)).toBe(3); // every message of the span, once
      const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
      for (const name of ["getAccount", "src/accounts/load.ts", "showAccount"]) expect(summary.text).toContain(name);
    } finally {
      delete process.env.SUMMARY_CHUNK_TOKENS;
      useSmallBudgets();
    }
  });

  it("gives the summarizer the tool calls too: a path only written through a tool is kept", async () => {
    const t = await createThread(userId);
    await seedConversation(t.id, [["user", "Record our decisions somewhere durable, please, with every detail we agreed."]]);
    const parts = [
      { type: "step-start" },
      {
        type: "tool-write_file",
        toolCallId: "c1",
        state: "output-available",
        input: { path: "notes/decisions-2026.md", content: "..." },
        output: { ok: true, version: 1 },
      },
      { type: "text", text: "Saved." },
    ];
    await appendMessage(t.id, { role: "assistant", parts, text: "Saved.", tokens: 100 });
    await seedConversation(t.id, [["user", "Thanks."]]);
    expect((await runCompaction(t.id, "threshold")).status).toBe("saved");
    const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    expect(summary.text).toContain("notes/decisions-2026.md");
  });

  it("loses none of 101 paths, even with a summarizer that keeps only five: each is in the bounded summary or the names file", async () => {
    process.env.SUMMARY_MAX_TOKENS = "300";
    resetConfigForTests();
    const t = await createThread(userId);
    const paths = Array.from({ length: 101 }, (_, i) => `src/module${i}/file${i}.ts`);
    const chunks = Array.from({ length: 5 }, (_, c) => paths.slice(c * 21, c * 21 + 21));
    await seedConversation(t.id, [
      ["user", "Migrate every caller listed below."],
      ...chunks.map((chunk) => ["assistant", `Found callers in ${chunk.join(", ")}.`] as ["assistant", string]),
      ["user", "Continue with the next one."],
    ]);
    const lossy = async () => ({
      text: `## Goal\nMigrate callers.\n## Files produced\n${paths.slice(0, 5).join("\n")}`,
      modelId: "lossy",
      inputTokens: 10,
      outputTokens: 10,
    });
    const result = await withSummarizer(lossy, () => runCompaction(t.id, "threshold"));
    expect(result.status).toBe("saved");
    const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
    expect(summary.tokens).toBeLessThanOrEqual(300);
    const file = await env.db.workspaceFile.findFirstOrThrow({ where: { workspaceId: t.workspaceId, path: NAMES_FILE_PATH } });
    const filed = new Set(parseNamesFile(file.content).map((e) => e.name));
    const inSummary = paths.filter((p) => keepsName(summary.text, p));
    expect(inSummary.length).toBeGreaterThan(5);
    expect(filed.size).toBeGreaterThan(0);
    for (const p of paths) expect(keepsName(summary.text, p) || filed.has(p), p).toBe(true);
    expect(summary.text).toContain(NAMES_FILE_NOTICE);
    const receipt = await env.db.compaction.findUniqueOrThrow({ where: { id: result.compactionId } });
    expect(JSON.parse(receipt.namesRepaired!)).toHaveLength(96);
    expect(receipt.namesFiled).toBe(filed.size);
    delete process.env.SUMMARY_MAX_TOKENS;
  });
});
