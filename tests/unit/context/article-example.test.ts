import { describe, expect, it } from "vitest";
import { pickCut, planModelInput, summaryCutIndex, summaryPartText, type TranscriptMessage } from "@/lib/context";

// The five-message migration from the design article, run through the
// planner with a small budget and a fixed summary.
type Sized = TranscriptMessage & { tokens: number };
const message = (id: string, role: "user" | "assistant", text: string, tokens: number): Sized => ({
  id,
  role,
  parts: [{ type: "text", text }],
  tokens,
});

const m01 = message("m01", "user", "Move callers from getAccount to loadAccount.", 40);
const m02 = message("m02", "assistant", "Added loadAccount in src/accounts/load.ts.", 900);
const m03 = message("m03", "assistant", "Migrated two callers; three remain.", 700);
const m04 = message("m04", "user", "Continue with the CLI caller.", 30);
const m05 = message("m05", "assistant", "I’ll keep the formatter.", 50);
const transcript = [m01, m02, m03, m04, m05];

const BUDGET = 200;
const SUMMARY_TEXT = "Loader ready.\nThree callers remain.\nKeep CLI output unchanged.";

describe("design article example", () => {
  it("cuts at m04 with the small budget", () => {
    expect(pickCut(transcript, BUDGET)).toBe(3);
    // Sanity: the budget is what decides. A large one keeps everything.
    expect(pickCut(transcript, 10_000)).toBe(0);
  });

  it("sends m04 with the summary as its first text part, then m05", () => {
    const cutMessageId = transcript[pickCut(transcript, BUDGET)]!.id;
    const summary = { text: SUMMARY_TEXT, cutMessageId, floorMessageId: null };
    const plan = planModelInput(transcript, summary);

    expect(plan.recentSpan).toEqual({ cutMessageId: "m04" });
    expect(plan.summaryStale).toBe(false);
    expect(plan.messages).toEqual([
      {
        ...m04,
        parts: [
          { type: "text", text: "Summary of earlier conversation:\n" + SUMMARY_TEXT },
          { type: "text", text: "Continue with the CLI caller." },
        ],
      },
      m05,
    ]);
    expect(plan.messages[0]!.parts[0]!.text).toBe(summaryPartText(SUMMARY_TEXT));
    expect(plan.messages[1]!.parts[0]!.text).toBe("I’ll keep the formatter.");
    // The stored m04 is unchanged.
    expect(m04.parts).toHaveLength(1);
  });

  it("drops the summary after m04 is replaced by m06", () => {
    const summary = { text: SUMMARY_TEXT, cutMessageId: "m04", floorMessageId: null };
    const m06 = message("m06", "user", "Continue with the CLI caller, keep colours.", 35);
    const edited = [m01, m02, m03, m06];

    expect(summaryCutIndex(edited, summary)).toBe(-1);
    const plan = planModelInput(edited, summary);
    expect(plan.summaryStale).toBe(true);
    expect(plan.recentSpan).toBeNull();
    expect(plan.messages).toEqual(edited);
  });
});
