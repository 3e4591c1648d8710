import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { fakeAnthropic, isSummarizerCall, type AnthropicBody, type Block } from "./support/fake-anthropic";
import { seedSummary } from "./support/seed";
import { completeTurn, textStart } from "./support/turns";
import { newRoutine } from "./routines/support/routine-helpers";
import {
  cacheShares,
  CONTEXT_WINDOW,
  epochs,
  runCacheSession,
  summaryMessageIndex,
  unmarked,
  type CacheSession,
} from "../../bench/cache-session";
import { countTokens } from "@/lib/ai/tokens";
import { resetConfigForTests } from "@/tests/support/config";
import { appendMessage } from "@/lib/db/messages";

const cached = (block: Block | undefined) => block?.cache_control?.type === "ephemeral";
const marks = (body: AnthropicBody) =>
  body.messages.flatMap((m) => m.content).filter(cached).length + (body.system ?? []).filter(cached).length;

describe.each(testDatabases().filter((d) => d.name === "sqlite"))("a cache-stable prefix over 200 tool-heavy turns on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  let session: CacheSession;
  beforeAll(async () => {
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
    session = await runCacheSession(userId, 200);
  }, 600_000);
  afterAll(async () => env?.drop());

  it("compacts many times and shortens the large tool results", () => {
    expect(session.chatCalls).toHaveLength(400); // a tool call and the answer per turn
    expect(session.summarizerCalls).toBeGreaterThanOrEqual(10);
    const shortened = session.chatCalls.some((c) => JSON.stringify(c.body).includes("left out of this tool result"));
    expect(shortened).toBe(true);
    // Some requests came near the window's limit, where later results are squeezed harder.
    const largest = Math.max(...session.chatCalls.map((c) => c.inputTokens));
    expect(largest).toBeGreaterThan(CONTEXT_WINDOW * 0.8);
  });

  it("puts breakpoints on the system prompt, the message that carries the summary and the last message", () => {
    for (const { body } of session.chatCalls) {
      expect(cached(body.system?.at(-1))).toBe(true);
      expect(cached(body.messages.at(-1)!.content.at(-1))).toBe(true);
      const summary = summaryMessageIndex(body);
      if (summary >= 0) expect(cached(body.messages[summary]!.content.at(-1))).toBe(true);
      expect(marks(body)).toBe(summary >= 0 ? 3 : 2);
    }
  });

  it("between compactions every request starts with the previous one, byte for byte", () => {
    const groups = epochs(session.chatCalls);
    expect(groups.length).toBeGreaterThanOrEqual(10);
    let compared = 0;
    for (const group of groups) {
      for (let i = 1; i < group.length; i++) {
        const before = unmarked(group[i - 1]!.body);
        const after = unmarked(group[i]!.body);
        expect(after.system).toBe(before.system);
        expect(after.messages.slice(0, before.messages.length)).toEqual(before.messages);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("reads most of each request from the cache: all an ideal cache could", () => {
    const shares = cacheShares(session.chatCalls);
    expect(shares.read / shares.input).toBeGreaterThan(0.5);
    expect(shares.read).toBeGreaterThanOrEqual(shares.ideal * 0.95);
  });
});

describe.each(testDatabases().filter((d) => d.name === "sqlite"))("the summary breakpoint in a routine thread on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  const fake = fakeAnthropic((body) => ({ text: isSummarizerCall(body) ? "## Goal\nx" : "Noted." }));
  beforeAll(async () => {
    const url = await fake.listen();
    Object.assign(process.env, {
      CHAT_MODEL: "anthropic:claude-sonnet-4-5",
      ANTHROPIC_API_KEY: "test-key-not-secret",
      ANTHROPIC_BASE_URL: url,
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

  it("marks the end of the message that carries the summary, not the run's start message before it", async () => {
    const r = await newRoutine(userId, { name: "Cache" });
    const say = (role: "user" | "assistant", text: string, runStart = false) =>
      appendMessage(r.threadId, { role, parts: [{ type: "text", text }], text, tokens: countTokens(text), runStart });
    const start = await say("user", "[Routine run] Inbox digest", true);
    await say("assistant", "Summarised 12 emails");
    const cut = await say("user", "Skip newsletters");
    await say("assistant", "Got it.");
    await seedSummary(env.db, r.threadId, "## Goal\nDigest the inbox.", cut.id, start.id);

    await completeTurn(userId, r.threadId, textStart("Anything new?"));
    await completeTurn(userId, r.threadId, textStart("And now?"));
    const [first, second] = fake.calls.map((c) => c.body);
    // Anthropic merges the run's start message and the summary's message (adjacent user messages:
    // what lay between them is summarized) into one; the mark must end that whole message, not the
    // run start's part of it, or the summary is not in the cached prefix.
    const merged = first!.messages[0]!.content;
    expect(merged[0]!.text).toContain("[Routine run]");
    expect(cached(merged[0])).toBe(false);
    expect(merged[1]!.text).toMatch(/^Summary of earlier conversation:/);
    expect(summaryMessageIndex(first!)).toBe(0);
    expect(cached(merged.at(-1))).toBe(true);
    expect(merged.at(-1)!.text).toBe("Skip newsletters");
    expect(marks(first!)).toBe(3);
    // The second request reads the first one's whole prefix back.
    expect(fake.calls[1]!.cacheReadTokens).toBeGreaterThan(0);
    expect(unmarked(second!).messages.slice(0, first!.messages.length)).toEqual(unmarked(first!).messages);
  });
});
