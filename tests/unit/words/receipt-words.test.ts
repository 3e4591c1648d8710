import { describe, expect, it } from "vitest";
import { plainText } from "@/lib/words/phrase";
import { receiptRows } from "@/lib/words/receipt-words";

type ReceiptFacts = Parameters<typeof receiptRows>[0];
const receiptOutcome = (r: Pick<ReceiptFacts, "status" | "reason">) => read({ ...saved, ...r }).Outcome;

const saved: ReceiptFacts = {
  status: "saved",
  reason: null,
  trigger: "threshold",
  tokensBefore: 12345,
  tokensAfter: 812,
  namesKept: 42,
  namesRepaired: [],
  namesFiled: null,
  modelId: "offline",
  inputTokens: 13000,
  outputTokens: 900,
  durationMs: 1530,
};

const read = (r: ReceiptFacts) => Object.fromEntries(receiptRows(r).map((row) => [row.label, plainText(row.value)]));

describe("a compaction receipt in words", () => {
  it("says what happened, why, how much, what became of the names and who wrote it, with no jargon", () => {
    expect(read(saved)).toEqual({
      Outcome: "Saved: the model reads this summary instead of the older messages",
      Why: "Started because the last request to the model came close to the compaction threshold.",
      Size: "12,345 tokens of messages became a summary of 812 tokens.",
      Names: "The summary keeps the 42 names (file paths, identifiers, links) the messages used.",
      "Written by": "`offline` (it read 13,000 tokens and wrote 900 tokens), in 1.5 s.",
    });
    expect(JSON.stringify(read(saved))).not.toMatch(/repaired|filed|names kept/i);
  });

  it("names the names put back and those filed in context/names.md", () => {
    const names = read({ ...saved, namesRepaired: ["src/a.ts", "b", "c", "d", "e", "f", "g"], namesFiled: 3 }).Names;
    expect(names).toBe(
      "The summary keeps the 42 names (file paths, identifiers, links) the messages used. 7 names were missing from the first draft and put back: `src/a.ts`, `b`, `c`, `d`, `e` and 2 more. 3 names did not fit the summary's budget and are listed in `context/names.md`.",
    );
    expect(read({ ...saved, namesRepaired: ["x"], namesFiled: 1 }).Names).toContain(
      "1 name was missing from the first draft and put back: `x`. 1 name did not fit the summary's budget and is listed in",
    );
    expect(read({ ...saved, namesKept: 0 }).Names).toBe("The messages named no files, identifiers or links for the summary to keep.");
  });

  it("says every outcome and trigger in words, with the reason", () => {
    expect(receiptOutcome({ status: "failed", reason: "summary is empty" })).toBe(
      "Failed; the previous context stays in force: summary is empty",
    );
    expect(receiptOutcome({ status: "skipped", reason: "the cut would not move forward" })).toBe("Skipped: the cut would not move forward");
    expect(receiptOutcome({ status: "discarded", reason: "a new run started while summarizing" })).toBe(
      "Not used: a new run started while summarizing",
    );
    expect(receiptOutcome({ status: "running", reason: null })).toBe("Summarizing now");
    expect(receiptOutcome({ status: "interrupted", reason: "the process stopped" })).toBe("Interrupted: the process stopped");
    expect(read({ ...saved, trigger: "overflow" }).Why).toBe("Started because the conversation overflowed the model's context window.");
    expect(read({ ...saved, trigger: "bounded" }).Why).toBe(
      "Started because the conversation no longer fitted the model's context window without a summary.",
    );
    expect(read({ ...saved, trigger: "manual" }).Why).toBe("Started because it was asked for.");
    // A running compaction has no size after, no model yet.
    const running = read({ ...saved, status: "running", tokensAfter: null, modelId: null, durationMs: null });
    expect(running.Size).toBe("12,345 tokens of messages to summarize.");
    expect(running["Written by"]).toBeUndefined();
  });
});
