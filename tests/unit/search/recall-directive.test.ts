import { describe, expect, it } from "vitest";
import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { parseDirectives } from "@/lib/ai/offline/directives";
import { planRecallStep } from "@/lib/ai/offline/recall";

/** A turn whose user text is `userText`, after which search_history found nothing. */
function afterEmptySearch(userText: string): LanguageModelV4Prompt {
  return [
    { role: "user", content: [{ type: "text", text: userText }] },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "search_history", input: { query: "?" } }] },
    {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c1", toolName: "search_history", output: { type: "json", value: { ok: true, results: [] } } },
      ],
    },
  ];
}

describe("the offline recall directive", () => {
  it("is a whole line outside code fences and keeps the query's case", () => {
    expect(parseDirectives("What was it?\nrecall getAccountHandler error").directives).toEqual([
      { kind: "tool", toolName: "search_history", input: { query: "getAccountHandler error" } },
    ]);
    expect(parseDirectives("please recall the error").directives).toEqual([]);
    // The step after the search reads the query again: the first line outside a fence.
    const offered = new Set(["search_history", "read_messages"]);
    expect(planRecallStep(afterEmptySearch("```\nrecall inside a fence\n```\nrecall outside"), offered)).toEqual({
      text: 'Nothing in this thread\'s stored history matches "outside".',
      toolCalls: [],
    });
    expect(planRecallStep(afterEmptySearch("no directive here"), offered)).toBeNull();
  });
});
