import { describe, expect, it } from "vitest";
import { excerpt, runDigest, type DigestRun } from "@/lib/context";

/** A run whose recorded final reply is its last assistant message (as when nobody followed up). */
const run = (...messages: Array<[string, string]>): DigestRun => ({
  messages: messages.map(([role, text]) => ({ role, text })),
  finalReply: messages.filter(([role]) => role === "assistant").at(-1)?.[1] ?? null,
});

describe("runDigest", () => {
  it("is empty without runs", () => {
    expect(runDigest([])).toBe("");
  });

  it("covers only the last three runs, oldest first", () => {
    const runs = [1, 2, 3, 4, 5].map((n) => run(["user", "Check mail"], ["assistant", `reply ${n}`]));
    const digest = runDigest(runs);
    expect(digest).not.toContain("reply 1");
    expect(digest).not.toContain("reply 2");
    const positions = ["reply 3", "reply 4", "reply 5"].map((r) => digest.indexOf(r));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(digest).toContain("Run 3 of 3 (latest)");
  });

  it("skips the opening message and keeps user follow-ups", () => {
    const digest = runDigest([
      run(
        ["user", "Summarise my inbox"],
        ["assistant", "On it."],
        ["user", "Skip newsletters from now on"],
        ["assistant", "Done. 3 emails summarised."],
      ),
    ]);
    expect(digest).not.toContain("Summarise my inbox");
    expect(digest).toContain("- Skip newsletters from now on");
    expect(digest).toContain("Final reply: Done. 3 emails summarised.");
    // The final reply is the last assistant message, not an earlier one.
    expect(digest).not.toContain("On it.");
  });

  it("shows the run's recorded final reply, not the answer to a follow-up written after the run (the article's example)", () => {
    const digest = runDigest([
      {
        messages: [
          { role: "user", text: "[Routine run] Summarise my inbox" },
          { role: "assistant", text: "Summarised 12 emails" },
          { role: "user", text: "Skip newsletters" },
          { role: "assistant", text: "Got it." },
        ],
        finalReply: "Summarised 12 emails",
      },
    ]);
    expect(digest).toContain("Final reply: Summarised 12 emails");
    expect(digest).toContain("User follow-ups:\n- Skip newsletters");
    expect(digest).not.toContain("Got it.");
  });

  it("keeps at most four follow-ups per run, the latest ones", () => {
    const followUps = [1, 2, 3, 4, 5, 6].map((n): [string, string] => ["user", `follow-up ${n}`]);
    const digest = runDigest([run(["user", "open"], ...followUps, ["assistant", "ok"])]);
    expect(digest).not.toContain("follow-up 1");
    expect(digest).not.toContain("follow-up 2");
    for (const n of [3, 4, 5, 6]) expect(digest).toContain(`- follow-up ${n}`);
  });

  it("truncates replies to 300 and follow-ups to 200 characters by default", () => {
    const digest = runDigest([run(["user", "open"], ["user", "f".repeat(500)], ["assistant", "r".repeat(1000)])]);
    const followUpLine = digest.split("\n").find((l) => l.startsWith("- f"))!;
    const replyLine = digest.split("\n").find((l) => l.startsWith("Final reply: "))!;
    expect(followUpLine.length - "- ".length).toBe(200);
    expect(followUpLine.endsWith("…")).toBe(true);
    expect(replyLine.length - "Final reply: ".length).toBe(300);
  });

  it("respects custom limits", () => {
    const runs = [run(["user", "a"], ["assistant", "one"]), run(["user", "b"], ["user", "c d e f"], ["assistant", "two two two"])];
    const digest = runDigest(runs, { runs: 1, replyChars: 5, followUpChars: 3, followUpsPerRun: 1 });
    expect(digest).not.toContain("one");
    expect(digest).toContain("Final reply: two…");
    expect(digest).toContain("- c…");
  });

  it("says when a run has no final reply", () => {
    expect(runDigest([run(["user", "open"])])).toContain("Final reply: (none)");
  });

  it("does not treat a later follow-up as the opening when the run opens with a non-text message", () => {
    const digest = runDigest([run(["user", ""], ["user", "Keep it short"], ["assistant", "ok"])]);
    expect(digest).toContain("- Keep it short");
  });
});

describe("excerpt", () => {
  it("collapses whitespace and leaves short text alone", () => {
    expect(excerpt("  a\n\n b  ", 10)).toBe("a b");
  });

  it("never splits a surrogate pair", () => {
    const out = excerpt("😀".repeat(10), 5);
    expect(Array.from(out)).toEqual(["😀", "😀", "😀", "😀", "…"]);
  });
});
