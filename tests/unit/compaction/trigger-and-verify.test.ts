import { describe, expect, it } from "vitest";
import { compactionTrigger } from "@/lib/compaction/trigger";
import { missingNames } from "@/lib/context";
import { checkSummaryText } from "@/lib/compaction/verify";
import { computeTasks } from "@/lib/compaction/compute-tasks";

describe("compactionTrigger", () => {
  it("fires at the threshold of the last call's input tokens, not below", () => {
    expect(compactionTrigger({ lastInputTokens: 99_999, overflow: false }, 100_000)).toBeNull();
    expect(compactionTrigger({ lastInputTokens: 100_000, overflow: false }, 100_000)).toBe("threshold");
    expect(compactionTrigger({ lastInputTokens: null, overflow: false }, 100_000)).toBeNull();
  });
  it("fires on a context overflow whatever the count", () => {
    expect(compactionTrigger({ lastInputTokens: null, overflow: true }, 100_000)).toBe("overflow");
    expect(compactionTrigger({ lastInputTokens: 5, overflow: true }, 100_000)).toBe("overflow");
  });
  it("fires at once after a request that left older messages out, however small its input", () => {
    expect(compactionTrigger({ lastInputTokens: 5, overflow: false, boundedSpan: true }, 100_000)).toBe("bounded");
    expect(compactionTrigger({ lastInputTokens: null, overflow: false, boundedSpan: true }, 100_000)).toBe("bounded");
    expect(compactionTrigger({ lastInputTokens: 5, overflow: false, boundedSpan: false }, 100_000)).toBeNull();
  });
});

describe("checkSummaryText", () => {
  it("rejects empty, tiny and error-like summaries", () => {
    expect(checkSummaryText("  ").ok).toBe(false);
    expect(checkSummaryText("ok").ok).toBe(false);
    expect(checkSummaryText("Error: 429 rate limit reached for requests").ok).toBe(false);
    expect(checkSummaryText("This model's maximum context length... context_length_exceeded").ok).toBe(false);
    expect(checkSummaryText("I'm sorry, but I cannot summarize this conversation.").ok).toBe(false);
  });
  it("accepts a summary whose subject sounds like an error", () => {
    expect(
      checkSummaryText("## Goal\nAdd a per-user rate limit to the API.\n## Decisions\n- Return 503 service unavailable when Redis is down.")
        .ok,
    ).toBe(true);
  });
  it("accepts a real summary", () => {
    expect(checkSummaryText("## Goal\nMove callers from getAccount to loadAccount.\n## Open items\n- src/cli/accounts.ts").ok).toBe(true);
  });
});

describe("required and lost names", () => {
  it("collects names of the span and the previous summary, and reports the ones a summary lost", () => {
    // The compaction's steps (compute-tasks.ts): the span's names, then the ones to keep.
    const parts = [{ type: "text", text: "Edit src/api/accounts.ts and call `loadAccount`." }];
    const span = computeTasks.digestSpan([{ seq: 7, role: "user", tokens: 12, parts: JSON.stringify(parts) }]);
    const previous = { text: "Earlier: see https://example.com/spec and migration.md", seq: 6 };
    const sightings = computeTasks.requiredNames({ sightings: span.sightings, previous });
    const required = sightings.map((s) => s.name);
    expect(sightings[0]).toMatchObject({ seq: 7, where: "message 7 (user)" });
    expect(required).toEqual(expect.arrayContaining(["src/api/accounts.ts", "loadAccount", "https://example.com/spec", "migration.md"]));
    expect(missingNames(required, "We edit src/api/accounts.ts via loadAccount.")).toEqual(
      expect.arrayContaining(["https://example.com/spec", "migration.md"]),
    );
    expect(missingNames(required, "We edit src/api/accounts.ts via loadAccount.")).not.toContain("loadAccount");
  });
});
