import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { seedConversation } from "./support/seed";
import { withSummarizer } from "../support/summarizer";
import { countTokens } from "@/lib/ai/tokens";
import { runCompaction } from "@/lib/compaction/run";
import type { callSummarizer } from "@/lib/compaction/summarize";
import { resetConfigForTests } from "@/tests/support/config";
import { keepsName, NAMES_FILE_NOTICE, NAMES_FILE_PATH, parseNamesFile } from "@/lib/context";
import { appendMessage } from "@/lib/db/messages";
import { createThread } from "@/lib/db/threads";

// A summarizer that keeps five names, like the article's anecdote, and never repairs.
const lossy: typeof callSummarizer = async (_threadId, previous, messages) => {
  const text = [previous ?? "", ...messages.map((m) => m.text)].join("\n");
  const paths = [...new Set(text.match(/src\/[\w/]+\.ts/g) ?? [])].slice(0, 5);
  return {
    text: `## Goal\nMigrate the callers.\n## Files produced\n${paths.map((p) => `- ${p}`).join("\n")}`,
    modelId: "lossy",
    inputTokens: 1,
    outputTokens: 1,
  };
};

function toolTurn(i: number) {
  return [
    { type: "step-start" },
    // Only in the parsed input of a tool call.
    {
      type: "tool-write_file",
      toolCallId: `w${i}`,
      state: "output-available",
      input: { path: `src/written/out${i}.ts`, content: "x" },
      output: { ok: true, version: 1 },
    },
    // Only in a tool result.
    {
      type: "tool-read_file",
      toolCallId: `r${i}`,
      state: "output-available",
      input: { path: "plan.md" },
      output: { ok: true, content: `- [ ] \`src/found/caller${i}.ts\` (handleCaller${i}Now)` },
    },
    { type: "text", text: `Checked getAccount${i}Handler.` },
  ];
}

describe.each(testDatabases())("names guarantee through the compaction job on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    process.env.CONTEXT_RECENT_TOKENS = "60";
    process.env.COMPACT_AT_INPUT_TOKENS = "400";
    process.env.SUMMARY_MAX_TOKENS = "150";
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.SUMMARY_MAX_TOKENS;
    await env?.drop();
  });

  it("after each compaction every name of the span is in the bounded summary or in context/names.md", async () => {
    const t = await createThread(userId);
    const expected: string[] = ["getAccount"];
    const round = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        await seedConversation(t.id, [["user", `Migrate src/api/module${i}.ts next; it calls getAccount.`]]);
        await appendMessage(t.id, { role: "assistant", parts: toolTurn(i), text: `Checked getAccount${i}Handler.`, tokens: 60 });
        expected.push(
          `src/api/module${i}.ts`,
          `src/written/out${i}.ts`,
          `src/found/caller${i}.ts`,
          `handleCaller${i}Now`,
          `getAccount${i}Handler`,
        );
      }
      await seedConversation(t.id, [
        ["user", "Continue with the next caller, please, and keep the CLI output unchanged as agreed before."],
      ]);
    };
    const check = async () => {
      const summary = await env.db.summary.findFirstOrThrow({ where: { threadId: t.id, status: "active" } });
      expect(countTokens(summary.text)).toBeLessThanOrEqual(150);
      const file = await env.db.workspaceFile.findFirstOrThrow({
        where: { workspaceId: t.workspaceId, path: NAMES_FILE_PATH, deletedAt: null },
      });
      const filed = new Set(parseNamesFile(file.content).map((e) => e.name));
      const lost = expected.filter((n) => !keepsName(summary.text, n) && !filed.has(n));
      expect(lost).toEqual([]);
      expect(summary.text).toContain(NAMES_FILE_NOTICE);
      return { summary, file };
    };

    await round(0, 12);
    expect((await withSummarizer(lossy, () => runCompaction(t.id, "threshold"))).status).toBe("saved");
    const first = await check();
    // "getAccount" appears only as part of longer names after the first message: the summary's
    // getAccountNHandler must not count as keeping it.
    expect(first.file.content).toMatch(/`getAccount` — message \d+ \(user\)/);
    const entry = parseNamesFile(first.file.content).find((e) => e.name === "src/found/caller3.ts");
    expect(entry?.where).toMatch(/\(assistant, tool read_file result\)$/);

    await round(12, 20);
    const second = await withSummarizer(lossy, () => runCompaction(t.id, "threshold"));
    expect(second.status).toBe("saved");
    const { file } = await check();
    expect(file.version).toBe(2);
    const receipt = await env.db.compaction.findUniqueOrThrow({ where: { id: second.compactionId } });
    expect(receipt.namesFiled).toBeGreaterThan(0);
    // Newest first.
    const seqs = parseNamesFile(file.content).map((e) => e.seq);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
  });
});
