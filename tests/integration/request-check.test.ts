import type { ModelMessage } from "ai";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { seedConversation, seedSummary } from "./support/seed";
import { buildModelInput } from "@/lib/chat/model-input";
import { editOwnMessage } from "@/lib/chat/edit";
import { loadRecentSpan, loadWholeRun } from "@/lib/chat/recent-span";
import { runBoundFor } from "@/lib/chat/run-bound";
import { getChatModel } from "@/lib/ai/registry";
import { summaryPartText } from "@/lib/context";
import { appendMessage } from "@/lib/db/messages";
import { createThread } from "@/lib/db/threads";

const SUMMARY = "Loader ready.\nThree callers remain.";

/**
 * A deliberately wrong conversion: the summary part stays first, but the text after it is another
 * user message's. Comparing the summary with itself (the old check) would accept this request.
 */
function swapCutText(converted: ModelMessage[]): ModelMessage[] {
  const users = converted.filter((m): m is Extract<ModelMessage, { role: "user" }> => m.role === "user");
  const last = users.at(-1)!;
  const lastText = typeof last.content === "string" ? last.content : (last.content.find((p) => p.type === "text")?.text ?? "");
  const first = users[0]!;
  if (typeof first.content !== "string") first.content = [first.content[0]!, { type: "text", text: lastText }, ...first.content.slice(2)];
  return converted;
}

// The SDK's conversion, wrong while `conversion.wrong` is set.
const conversion = vi.hoisted(() => ({ wrong: false }));
vi.mock("ai", async (importOriginal) => {
  const ai = await importOriginal<typeof import("ai")>();
  const convertToModelMessages: typeof ai.convertToModelMessages = async (...args) => {
    const converted = await ai.convertToModelMessages(...args);
    return conversion.wrong ? swapCutText(converted) : converted;
  };
  return { ...ai, convertToModelMessages };
});

describe.each(testDatabases())("request check on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => env?.drop());

  async function thread() {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "Move callers from getAccount to loadAccount."],
      ["assistant", "Loader is ready; three callers remain."],
      ["user", "Keep the CLI output unchanged."],
      ["assistant", "I’ll keep the formatter."],
      ["user", "Run the CLI tests."],
    ]);
    await seedSummary(env.db, t.id, SUMMARY, m[2].id);
    return { t, m };
  }

  it("applies the summary when the converted request has the summary on the cut message", async () => {
    const { t, m } = await thread();
    const input = await buildModelInput(await loadRecentSpan(t.id), {}, () => loadWholeRun(t.id, runBoundFor(getChatModel())));
    expect(input).toMatchObject({ summaryApplied: true, cutMessageId: m[2].id, summarySkippedReason: null });
  });

  it("falls back to the whole transcript when the conversion put the wrong text after the summary, and says why", async () => {
    const { t } = await thread();
    conversion.wrong = true;
    const input = await buildModelInput(await loadRecentSpan(t.id), {}, () => loadWholeRun(t.id, runBoundFor(getChatModel()))).finally(
      () => (conversion.wrong = false),
    );
    expect(input.summaryApplied).toBe(false);
    expect(input.cutMessageId).toBeNull();
    expect(input.summarySkippedReason).toBe("request check failed: the cut message's opening text does not match the stored cut message");
    expect(input.messages.filter((x) => x.role === "user")).toHaveLength(3);
    expect(JSON.stringify(input.messages)).not.toContain(summaryPartText(SUMMARY));
  });

  it("records the stale reason of an edit on the model call", async () => {
    const { t, m } = await thread();
    await editOwnMessage(userId, t.id, m[2].id, "Keep the CLI output, but add --json.");
    await completeTurn(userId, t.id, {
      kind: "continue",
      messageId: (await env.db.message.findFirstOrThrow({ where: { threadId: t.id, deletedAt: null }, orderBy: { seq: "desc" } })).id,
    });
    const call = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id, kind: "chat" }, orderBy: { createdAt: "desc" } });
    expect(call).toMatchObject({
      summaryApplied: false,
      summarySkippedReason: "summary is stale: an edit or retry removed the cut message",
    });
  });

  it("tells a new routine run apart from an edit", async () => {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "Daily digest."],
      ["assistant", "Sent."],
      ["user", "Skip newsletters."],
    ]);
    await seedSummary(env.db, t.id, SUMMARY, m[2].id);
    await appendMessage(t.id, { role: "user", parts: [{ type: "text", text: "Run 2" }], text: "Run 2", tokens: 3, runStart: true });
    await completeTurn(userId, t.id, textStart("Go."));
    const call = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id, kind: "chat" }, orderBy: { createdAt: "desc" } });
    expect(call.summarySkippedReason).toBe("summary is stale: a new routine run started");
  });
});
