import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { completeTurn, textStart } from "./support/turns";
import { echoedPrompt, seedConversation, seedSummary } from "./support/seed";
import { inspectContext } from "@/lib/chat/inspect";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";
import { AppError } from "@/lib/errors";
import { pinMessage, pinState, unpinMessage } from "@/lib/pins/pins";

describe.each(testDatabases())("pinned messages on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    Object.assign(process.env, { PIN_MAX_TOKENS: "40", OFFLINE_DELAY_MS: "0" });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.PIN_MAX_TOKENS;
    resetConfigForTests();
    await env?.drop();
  });

  async function thread() {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "Never deploy on Fridays; staging lives at https://staging.example.com/app."],
      ["assistant", "Understood."],
      ["user", "Now migrate src/cli/accounts.ts."],
      ["assistant", "Done."],
      ["user", "Next."],
    ]);
    await seedSummary(env.db, t.id, "## Goal\nMigrate callers.", m[2].id);
    return { t, m };
  }

  it("keeps a pinned message verbatim right after the summary, and the inspector lists it", async () => {
    const { t, m } = await thread();
    const state = await pinMessage(userId, t.id, m[0].id);
    expect(state.pinned.map((p) => p.id)).toEqual([m[0].id]);
    expect(state.tokens).toBe(m[0].tokens);

    await completeTurn(userId, t.id, textStart("echo input"));
    const reply = await env.db.message.findFirstOrThrow({ where: { threadId: t.id, role: "assistant" }, orderBy: { seq: "desc" } });
    const first = echoedPrompt(reply.text).messages[0]!;
    expect(first.parts.map((p) => p.text)).toEqual([
      "Summary of earlier conversation:\n## Goal\nMigrate callers.",
      `Pinned message (user), kept verbatim:\n${m[0].text}`,
      m[2].text,
    ]);
    const call = await env.db.modelCall.findFirstOrThrow({ where: { threadId: t.id, kind: "chat" } });
    expect(call).toMatchObject({ summaryApplied: true, cutMessageId: m[2].id });

    const inspected = await inspectContext(t.id, { includeInput: false });
    expect(inspected.pins).toMatchObject({ budgetTokens: 40, count: 1, tokens: m[0].tokens });
    expect(inspected.pins.sent.map((p) => p.id)).toEqual([m[0].id]);

    const after = await unpinMessage(userId, t.id, m[0].id);
    expect(after.pinned).toEqual([]);
    expect((await inspectContext(t.id, { includeInput: false })).pins.sent).toEqual([]);
  });

  it("refuses a pin over the budget with 422 limit_reached, and of two racing pins at the edge exactly one lands", async () => {
    const { t, m } = await thread();
    await pinMessage(userId, t.id, m[0].id);
    const big = await seedConversation(t.id, [["user", "word ".repeat(60).trim()]]);
    const refused = await pinMessage(userId, t.id, big[0].id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "limit_reached", status: 422 });

    // Two small messages that each fit the rest of the budget, but not both.
    const room = 40 - m[0].tokens;
    const words = Math.max(1, Math.floor(room / 2) + 1);
    const pair = await seedConversation(t.id, [
      ["assistant", "ok ".repeat(words).trim()],
      ["user", "go ".repeat(words).trim()],
    ]);
    expect(pair[0].tokens).toBeLessThanOrEqual(room);
    expect(pair[0].tokens + pair[1].tokens).toBeGreaterThan(room);
    const results = await Promise.allSettled([pinMessage(userId, t.id, pair[0].id), pinMessage(userId, t.id, pair[1].id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const state = await pinState(userId, t.id);
    expect(state.tokens).toBeLessThanOrEqual(40);
  });

  it("treats another user's thread as not found", async () => {
    const { t, m } = await thread();
    const stranger = (await env.db.user.create({ data: {} })).id;
    await expect(pinMessage(stranger, t.id, m[0].id)).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(pinState(stranger, t.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
