import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { echoedPrompt, seedConversation, seedSummary } from "./support/seed";
import { createThread } from "@/lib/db/threads";
import { inspectContext } from "@/lib/chat/inspect";
import { editOwnMessage } from "@/lib/chat/edit";
import { showVersion } from "@/lib/chat/show-version";
import { summaryPartText } from "@/lib/context";

const SUMMARY = "Loader ready.\nThree callers remain.\nKeep CLI output unchanged.";

describe.each(testDatabases())("recent span on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  async function articleThread() {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "Move callers from getAccount to loadAccount."],
      ["assistant", "Loader is ready; three callers remain."],
      ["assistant", "Found src/api/accounts.ts, src/jobs/reconcile.ts, src/cli/accounts.ts."],
      ["user", "Keep the CLI output unchanged."],
      ["assistant", "I’ll keep the formatter."],
    ]);
    await seedSummary(env.db, t.id, SUMMARY, m[3].id);
    return { t, m };
  }

  it("sends the summary as the first part of the cut message and only the messages from the cut on", async () => {
    const { t, m } = await articleThread();
    const { outcome } = await completeTurn(userId, t.id, textStart("echo input"));
    expect(outcome.status).toBe("complete");
    const reply = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "assistant" }, orderBy: { seq: "desc" } });
    const seen = echoedPrompt(reply.text).messages;
    expect(seen.map((x) => x.role)).toEqual(["user", "assistant", "user"]);
    expect(seen[0].parts[0].text).toBe(summaryPartText(SUMMARY));
    expect(seen[0].parts[1].text).toBe("Keep the CLI output unchanged.");
    expect(JSON.stringify(seen)).not.toContain("Move callers from getAccount");
    const call = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id } });
    expect(call).toMatchObject({ summaryApplied: true, cutMessageId: m[3].id, summarySkippedReason: null });

    const inspected = await inspectContext(t.id, { includeInput: true });
    expect(inspected.summaryStale).toBe(false);
    expect(inspected.recentSpan).toEqual({ cutMessageId: m[3].id });
    expect(inspected.summary).toMatchObject({ text: SUMMARY, cutMessageId: m[3].id, floorMessageId: null });
    expect(inspected.tokens.summary).toBeGreaterThan(0);
    expect(inspected.tokens.total).toBe(inspected.tokens.system + inspected.tokens.summary + inspected.tokens.messages);
    expect(inspected.lastCall?.inputTokens).toBe(call.inputTokens);
    expect(JSON.stringify(inspected.lastInput)).toContain("Summary of earlier conversation:");
  });

  it("falls back to the full transcript when an edit removes the cut message, and says so", async () => {
    const { t, m } = await articleThread();
    const edited = await editOwnMessage(userId, t.id, m[3].id, "Keep the CLI output, but add --json.");
    expect(edited.id).not.toBe(m[3].id);
    const inspected = await inspectContext(t.id, { includeInput: false });
    expect(inspected.summaryStale).toBe(true);
    expect(inspected.recentSpan).toBeNull();
    expect(inspected.tokens.summary).toBe(0);

    await completeTurn(userId, t.id, { kind: "continue", messageId: edited.id });
    const reply = await env.db.message.findFirstOrThrow({
      where: { threadId: t.id, role: "assistant", deletedAt: null },
      orderBy: { seq: "desc" },
    });
    const call = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id }, orderBy: { createdAt: "desc" } });
    expect(call.summaryApplied).toBe(false);
    expect(call.summarySkippedReason).toMatch(/stale/);
    expect(reply.text).toMatch(/offline/i);
    // The old message and its tail stay stored for audit.
    expect(await env.db.message.count({ where: { threadId: t.id, deletedAt: { not: null } } })).toBe(2);
  });

  it("uses a branch's summary again when its version is shown again, without a new compaction", async () => {
    const { t, m } = await articleThread();
    // The edit takes the cut off the path: stale. A summary made on the new branch is in force there.
    const edited = await editOwnMessage(userId, t.id, m[3].id, "Keep the CLI output, but add --json.");
    expect((await inspectContext(t.id, { includeInput: false })).summaryStale).toBe(true);
    await seedSummary(env.db, t.id, "Edited branch summary.", edited.id);
    expect((await inspectContext(t.id, { includeInput: false })).summary).toMatchObject({ cutMessageId: edited.id });

    // Back to the first version: its summary is in force again, valid.
    await showVersion(userId, t.id, m[3].id);
    const back = await inspectContext(t.id, { includeInput: false });
    expect(back.summaryStale).toBe(false);
    expect(back.summary).toMatchObject({ text: SUMMARY, cutMessageId: m[3].id });
    expect(back.recentSpan).toEqual({ cutMessageId: m[3].id });
    expect(await env.db.compaction.count({ where: { threadId: t.id } })).toBe(0);
    await showVersion(userId, t.id, edited.id);
    expect((await inspectContext(t.id, { includeInput: false })).summary).toMatchObject({
      text: "Edited branch summary.",
      cutMessageId: edited.id,
    });
  });

  it("keeps the request prefix byte-identical between summaries: cache reads cover the previous input", async () => {
    const { t } = await articleThread();
    await completeTurn(userId, t.id, textStart("First follow-up about src/cli/accounts.ts"));
    const firstCall = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id, kind: "chat" } });
    await completeTurn(userId, t.id, textStart("Second follow-up"));
    const calls = await env.db.modelCall.findMany({ where: { threadId: t.id, kind: "chat" }, orderBy: { createdAt: "asc" } });
    expect(calls).toHaveLength(2);
    expect(calls[1].cacheReadTokens).toBeGreaterThanOrEqual(calls[0].inputTokens!);
    const first = JSON.parse(firstCall.input!);
    const second = JSON.parse(calls[1].input!);
    expect(second.system).toBe(first.system);
    expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages);
    // Only the latest exact input is kept.
    expect(calls[0].input).toBeNull();
  });

  it("applies the run floor in routine threads: summaries from an earlier run are stale", async () => {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "run 1 start"],
      ["assistant", "ok"],
      ["user", "more"],
      ["assistant", "ok"],
    ]);
    await env.db.message.update({ where: { id: m[0].id }, data: { runStart: true } });
    await seedSummary(env.db, t.id, "Run one summary with enough text.", m[2].id, m[0].id);
    expect((await inspectContext(t.id, { includeInput: false })).recentSpan).toEqual({ cutMessageId: m[2].id });
    const next = await seedConversation(t.id, [["user", "run 2 start"]]);
    await env.db.message.update({ where: { id: next[0].id }, data: { runStart: true } });
    const inspected = await inspectContext(t.id, { includeInput: false });
    expect(inspected.summaryStale).toBe(true);
    expect(inspected.firstRetainedMessageId).toBe(next[0].id);
  });
});
