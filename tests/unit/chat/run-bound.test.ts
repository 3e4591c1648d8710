import { asSchema } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { countTokens } from "@/lib/ai/tokens";
import { CHAT_SYSTEM_PROMPT_TOKENS } from "@/lib/ai/prompts";
import { resetConfigForTests } from "@/tests/support/config";
import { boundedSpanReason, runBoundFor } from "@/lib/chat/run-bound";
import { AGENT_TOOLS_TOKENS, agentTools } from "@/lib/chat/tools";
import { recallTools } from "@/lib/search/recall-tools";

const context = { userId: "u", threadId: "t", workspaceId: "w", assistantMessageId: "a", answeredMessageId: null, runId: null };

describe("the bound of a request without a summary", () => {
  afterEach(() => {
    delete process.env.CONTEXT_RECENT_TOKENS;
    delete process.env.COMPACT_AT_INPUT_TOKENS;
    resetConfigForTests();
  });

  it("counts the tool definitions every request carries exactly", async () => {
    let total = 0;
    for (const [name, t] of Object.entries(agentTools(context))) {
      const parameters = await asSchema(t.inputSchema).jsonSchema;
      total += countTokens(JSON.stringify({ name, description: t.description, parameters }));
    }
    expect(AGENT_TOOLS_TOKENS).toBe(total);
  });

  it("leaves room for a turn's MCP tool definitions beside the built-in ones", () => {
    expect(runBoundFor({ contextWindow: 8000 }, 500).fixedTokens).toBe(runBoundFor({ contextWindow: 8000 }).fixedTokens + 500);
  });

  it("names every recall tool in its note, and counts the note exactly", () => {
    const { note } = runBoundFor({ contextWindow: 8000 });
    for (const name of Object.keys(recallTools(context))) expect(note.text).toContain(name);
    expect(note.tokens).toBe(countTokens(note.text));
  });

  it("holds a request to 90% of a known context window, else to the compaction threshold", () => {
    Object.assign(process.env, { CONTEXT_RECENT_TOKENS: "3000", COMPACT_AT_INPUT_TOKENS: "50000" });
    resetConfigForTests();
    expect(runBoundFor({ contextWindow: 8000 })).toMatchObject({
      limitTokens: 7200,
      fixedTokens: CHAT_SYSTEM_PROMPT_TOKENS + AGENT_TOOLS_TOKENS,
      recentTokens: 3000,
      // As bounded-input.ts shortens tool results: a quarter of the window.
      toolResultCapTokens: 2000,
    });
    expect(runBoundFor({ contextWindow: undefined }).limitTokens).toBe(50000);
  });

  it("says in the request's record how many messages were left out and where they are", () => {
    const reason = boundedSpanReason({
      cutMessageId: "m9",
      omittedMessages: 42,
      omittedTokens: 9000,
      pinnedIds: [],
      pinsOverBudget: [],
      addedTokens: 54,
    });
    expect(reason).toBe(
      "the whole run would not fit the context window, so 42 older messages were left out (reachable through search_history and read_messages)",
    );
  });
});
