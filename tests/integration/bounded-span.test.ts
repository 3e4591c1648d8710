import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activeSummary as summaryInForce } from "@/lib/db/summaries";
import { provision, testDatabases, type Provisioned } from "./support/databases";
import { settleAfter } from "./support/after-stub";
import { seedConversation, seedSummary } from "./support/seed";
import { callRoute, type Jar } from "./security/support";
import { runBoundFor } from "@/lib/chat/run-bound";
import { resetConfigForTests } from "@/tests/support/config";
import { SUMMARY_LABEL } from "@/lib/context";
import type { ContextInfo } from "@/lib/api";

// "Context never overflows" where no summary can be applied: a stale summary (its cut message
// edited away), a request check that fails, or no summary yet. The whole run would not fit the
// context window, so the request carries a recent span cut at a user turn with a note on the
// recall tools, the reply is an answer (no overflow error), and a compaction starts with it.
// Everything goes through the routes a browser calls; after() runs as on Vercel (after-stub).

/** The note a request that leaves older messages out opens with (the same for every model). */
const recallNote = () => runBoundFor({ contextWindow: undefined }).note.text;

const jar = vi.hoisted(() => ({ values: new Map<string, string>(), sets: 0 }) as Jar);
vi.mock("next/headers", async () => (await import("./security/support")).fakeCookies(jar));
vi.mock("next/server", async (original) => (await import("./support/after-stub")).withAfterStub(original));

// A converter that puts another user message's text after the summary: the request check must
// catch it. Switched on for one test only.
const conversion = vi.hoisted(() => ({ swapCutText: false }));
vi.mock("ai", async (original) => {
  const ai = await original<typeof import("ai")>();
  return {
    ...ai,
    convertToModelMessages: async (...args: Parameters<typeof ai.convertToModelMessages>) => {
      const converted = await ai.convertToModelMessages(...args);
      if (!conversion.swapCutText) return converted;
      const users = converted.filter((m) => m.role === "user");
      const [first, last] = [users[0], users.at(-1)];
      if (first && last && first !== last && typeof first.content !== "string" && typeof last.content !== "string") {
        const lastText = last.content.find((p) => p.type === "text");
        if (lastText) first.content = [first.content[0]!, lastText, ...first.content.slice(2)];
      }
      return converted;
    },
  };
});

const threadsRoute = await import("@/app/api/threads/route");
const chatRoute = await import("@/app/api/chat/route");
const messageRoute = await import("@/app/api/threads/[id]/messages/[messageId]/route");
const contextRoute = await import("@/app/api/threads/[id]/context/route");

const WINDOW = 32_000;
const INPUT_LIMIT = WINDOW * 0.9;

/** About 1,000 tokens of ordinary work talk, naming one file per message. */
const turnText = (i: number, role: "user" | "assistant") =>
  `${role === "user" ? "Please continue" : "Done"} with step ${i} in src/step${i}/index.ts. ` +
  Array.from({ length: 55 }, (_, k) => `Line ${k} of step ${i} keeps the loader stable and the output unchanged.`).join(" ");

describe.each(testDatabases())("a run that does not fit, without a usable summary, on $name", (target) => {
  let env: Provisioned;
  beforeAll(async () => {
    Object.assign(process.env, {
      AUTH_SECRET: "bounded-span-secret-0123456789abcdef",
      OFFLINE_CONTEXT_WINDOW: String(WINDOW),
      OFFLINE_DELAY_MS: "0",
      CONTEXT_RECENT_TOKENS: "4000",
      // The summarizer shares the window: each of its calls must fit it too.
      SUMMARY_CHUNK_TOKENS: "16000",
    });
    resetConfigForTests();
    env = await provision(target);
  });
  afterAll(async () => {
    for (const key of ["OFFLINE_CONTEXT_WINDOW", "CONTEXT_RECENT_TOKENS", "SUMMARY_CHUNK_TOKENS"]) delete process.env[key];
    process.env.OFFLINE_DELAY_MS = "1";
    resetConfigForTests();
    await env?.drop();
  });
  beforeEach(() => {
    jar.values.clear();
    conversion.swapCutText = false;
  });

  /** A thread of the caller's with `pairs` user/assistant exchanges of about 1,000 tokens each. */
  async function longThread(pairs: number) {
    const id = (await (await callRoute(threadsRoute, { method: "POST", url: "/api/threads" })).json()).id as string;
    const texts = Array.from({ length: pairs }, (_, i) => [
      ["user", turnText(i, "user")] as ["user", string],
      ["assistant", turnText(i, "assistant")] as ["assistant", string],
    ]).flat();
    const messages = await seedConversation(id, texts);
    return { id, messages, tokens: messages.reduce((n, m) => n + m.tokens, 0) };
  }

  const context = async (id: string): Promise<ContextInfo> =>
    (await callRoute(contextRoute, { method: "GET", url: `/api/threads/${id}/context`, params: { id } })).json();

  /** Sends as the page does, reads the whole stream, and waits for what after() started. */
  async function turn(id: string, body: Record<string, unknown>): Promise<string> {
    const res = await callRoute(chatRoute, { method: "POST", url: "/api/chat", body: { id, ...body } });
    expect(res.status).toBe(200);
    const stream = await res.text();
    await settleAfter();
    return stream;
  }
  const send = (id: string, text: string) => turn(id, { message: { role: "user", parts: [{ type: "text", text }] } });

  /** The reply answered: no error part reached the person, and the turn ended complete. */
  function expectAnswered(stream: string) {
    expect(stream).not.toContain('"type":"error"');
    expect(stream).toContain('"status":"complete","errorCode":null');
  }

  /** The latest chat request: what it carried, and what the model counted. */
  async function lastRequest(threadId: string) {
    const call = await env.db.modelCall.findFirstOrThrow({
      where: { threadId, kind: "chat", input: { not: null } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    const input = JSON.parse(call.input!) as {
      messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
    };
    return { call, input, json: JSON.stringify(input) };
  }

  /** The bounded request: within the window, the note first in its first user message, no summary. */
  async function expectBoundedRequest(threadId: string) {
    const { call, input, json } = await lastRequest(threadId);
    expect(call.error).toBeNull();
    expect(call.inputTokens).toBeGreaterThan(0);
    expect(call.inputTokens!).toBeLessThanOrEqual(INPUT_LIMIT);
    expect(call.summaryApplied).toBe(false);
    const first = input.messages[0]!;
    expect(first.role).toBe("user");
    expect(typeof first.content === "string" ? first.content : first.content[0]?.text).toBe(recallNote());
    expect(json).not.toContain(SUMMARY_LABEL);
    expect(json.split(recallNote())).toHaveLength(2);
    return call;
  }

  // The summary in force: an edited-away summary stays active (its branch may be shown again), so
  // "active" alone no longer says which one the thread uses.
  const activeSummary = (threadId: string) => summaryInForce(threadId);

  it("a 300k-token thread whose cut message was edited answers within the window, and the next summary lands", async () => {
    const t = await longThread(170);
    expect(t.tokens).toBeGreaterThan(290_000);
    // A valid summary whose recent span is the last two exchanges.
    const cut = t.messages[t.messages.length - 4]!;
    expect(cut.role).toBe("user");
    const old = await seedSummary(env.db, t.id, "## Goal\nMigrate the loader step by step.\n## Open items\n- step 168", cut.id);
    expect((await context(t.id)).recentSpan).toEqual({ cutMessageId: cut.id });

    const edited = await callRoute(messageRoute, {
      method: "PATCH",
      url: `/api/threads/${t.id}/messages/${cut.id}`,
      params: { id: t.id, messageId: cut.id },
      body: { text: "Continue with step 168, but keep the old CLI flags." },
    });
    expect(edited.status).toBe(200);
    const editedId = ((await edited.json()) as { message: { id: string } }).message.id;

    // Before the turn, the page is told what the next request carries.
    const before = await context(t.id);
    expect(before).toMatchObject({ summaryStale: true, recentSpan: null, boundedSpan: { cutMessageId: expect.any(String) } });
    expect(before.boundedSpan!.omittedMessages).toBeGreaterThan(250);
    expect(before.tokens.total).toBeLessThanOrEqual(INPUT_LIMIT);

    expectAnswered(await turn(t.id, { trigger: "regenerate-message", messageId: editedId }));
    const call = await expectBoundedRequest(t.id);
    expect(call.summarySkippedReason).toMatch(
      /^summary is stale: an edit or retry removed the cut message; the whole run would not fit the context window, so \d+ older messages were left out/,
    );

    // The compaction started with that reply, not at some later threshold crossing, and it lands.
    const receipt = await env.db.compaction.findFirstOrThrow({ where: { threadId: t.id }, orderBy: { startedAt: "desc" } });
    expect(receipt).toMatchObject({ trigger: "bounded", status: "saved" });
    const fresh = await activeSummary(t.id);
    expect(fresh).not.toBeNull();
    expect(fresh!.id).not.toBe(old.id);
    const after = await context(t.id);
    expect(after).toMatchObject({ summaryStale: false, boundedSpan: null, recentSpan: { cutMessageId: fresh!.cutMessageId } });

    // The next turn carries the new summary, still within the window.
    expectAnswered(await send(t.id, "What is left?"));
    const next = await lastRequest(t.id);
    expect(next.call).toMatchObject({ summaryApplied: true, cutMessageId: fresh!.cutMessageId });
    expect(next.call.inputTokens!).toBeLessThanOrEqual(INPUT_LIMIT);
    expect(next.json).toContain(SUMMARY_LABEL);
  }, 600_000);

  it("a failed request check on a run that does not fit sends the bounded span too, and starts a compaction", async () => {
    const t = await longThread(60);
    // A summary whose recent span (ten exchanges, about 20k tokens) fits the window by itself.
    const cut = t.messages[t.messages.length - 20]!;
    await seedSummary(env.db, t.id, "## Goal\nMigrate the loader step by step.", cut.id);
    conversion.swapCutText = true;

    expectAnswered(await send(t.id, "Go on with the next step."));
    const call = await expectBoundedRequest(t.id);
    expect(call.summarySkippedReason).toMatch(
      /^request check failed: the cut message's opening text does not match the stored cut message; the whole run would not fit/,
    );
    const receipt = await env.db.compaction.findFirstOrThrow({ where: { threadId: t.id }, orderBy: { startedAt: "desc" } });
    expect(receipt).toMatchObject({ trigger: "bounded", status: "saved" });
    expect((await activeSummary(t.id))!.cutMessageId).not.toBe(cut.id);
  }, 300_000);

  it("a run over the window with no summary yet sends the bounded span, and its first summary lands", async () => {
    const t = await longThread(20);
    expect(t.tokens).toBeGreaterThan(INPUT_LIMIT);
    expect((await context(t.id)).boundedSpan).not.toBeNull();

    expectAnswered(await send(t.id, "Where were we?"));
    const call = await expectBoundedRequest(t.id);
    expect(call.summarySkippedReason).toMatch(/^no summary yet; the whole run would not fit/);
    expect(await env.db.compaction.findFirstOrThrow({ where: { threadId: t.id } })).toMatchObject({ trigger: "bounded", status: "saved" });
    expect(await activeSummary(t.id)).not.toBeNull();
    expect((await context(t.id)).boundedSpan).toBeNull();
  }, 300_000);

  it("a run that fits is sent whole, with no note and no compaction of its own", async () => {
    const t = await longThread(3);
    expectAnswered(await send(t.id, "Next?"));
    const { call, json } = await lastRequest(t.id);
    expect(call.summarySkippedReason).toBe("no summary yet");
    expect(json).not.toContain(recallNote());
    expect(await env.db.compaction.count({ where: { threadId: t.id } })).toBe(0);
  });
});
