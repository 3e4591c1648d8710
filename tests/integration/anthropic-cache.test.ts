import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { fakeAnthropic, type AnthropicBody, type Block } from "./support/fake-anthropic";
import { completeTurn, textStart } from "./support/turns";
import { seedConversation, seedSummary } from "./support/seed";
import { inspectContext } from "@/lib/chat/inspect";
import { resetConfigForTests } from "@/tests/support/config";
import { createThread } from "@/lib/db/threads";

const cached = (block: Block | undefined) => block?.cache_control?.type === "ephemeral";

describe.each(testDatabases().filter((d) => d.name === "sqlite"))("Anthropic prompt caching on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  const fake = fakeAnthropic(() => ({ text: "Noted." }));
  beforeAll(async () => {
    Object.assign(process.env, {
      CHAT_MODEL: "anthropic:claude-sonnet-4-5",
      ANTHROPIC_API_KEY: "test-key-not-secret",
      ANTHROPIC_BASE_URL: await fake.listen(),
    });
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    for (const key of ["CHAT_MODEL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"]) delete process.env[key];
    resetConfigForTests();
    await fake.close();
    await env?.drop();
  });

  it("puts breakpoints on the system prompt and the summary message, keeps that prefix identical across turns, and shows cache reads per call", async () => {
    const t = await createThread(userId);
    const m = await seedConversation(t.id, [
      ["user", "Move callers to loadAccount."],
      ["assistant", "Loader ready."],
      ["user", "Keep the CLI output unchanged."],
      ["assistant", "Will do."],
    ]);
    await seedSummary(env.db, t.id, "## Goal\nMove callers to loadAccount.", m[2].id);

    await completeTurn(userId, t.id, textStart("Next caller, please."));
    await completeTurn(userId, t.id, textStart("And the one after."));
    expect(fake.calls.map((c) => c.body)).toHaveLength(2);
    const [first, second] = fake.calls.map((c) => c.body) as [AnthropicBody, AnthropicBody];

    expect(cached(first.system.at(-1))).toBe(true);
    expect(first.messages[0]!.content[0]!.text).toMatch(/^Summary of earlier conversation:/);
    expect(cached(first.messages[0]!.content.at(-1))).toBe(true);
    expect(cached(first.messages.at(-1)!.content.at(-1))).toBe(true);
    // Nothing else is marked: Anthropic allows four breakpoints.
    const marks = first.messages.flatMap((msg) => msg.content).filter(cached).length + first.system.filter(cached).length;
    expect(marks).toBe(3);
    // Between compactions the cached prefix is byte-identical.
    expect(JSON.stringify(second.system)).toBe(JSON.stringify(first.system));
    expect(JSON.stringify(second.messages[0])).toBe(JSON.stringify(first.messages[0]));

    const calls = await env.db.modelCall.findMany({ where: { threadId: t.id, kind: "chat" } });
    // What the provider reported is what is stored: the second turn reads the first one's prefix back.
    const reported = fake.calls.map((c) => c.cacheReadTokens);
    expect(reported[1]).toBeGreaterThan(0);
    expect(calls.map((c) => c.cacheReadTokens).sort()).toEqual([...reported].sort());
    const inspected = await inspectContext(t.id, { includeInput: false });
    expect(inspected.calls.map((c) => c.cacheReadTokens).sort()).toEqual([...reported].sort());
  });

  it("marks no summary breakpoint when there is no summary", async () => {
    fake.calls.length = 0;
    const t = await createThread(userId);
    await completeTurn(userId, t.id, textStart("Hello."));
    const body = fake.calls.map((c) => c.body)[0]!;
    expect(cached(body.system.at(-1))).toBe(true);
    expect(body.messages).toHaveLength(1);
    // The only message is also the last one: one breakpoint on it.
    expect(body.messages[0]!.content.filter(cached)).toHaveLength(1);
  });
});
