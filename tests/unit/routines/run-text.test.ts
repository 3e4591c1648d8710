import { describe, expect, it } from "vitest";
import { runDigest } from "@/lib/context";
import { digestFollowUps, instructionsInText, notesInText, notesUpdateText, routineNameInText, runStartText } from "@/lib/context/run-text";
import { mergeNotes, preferenceSentences, readNotesLists } from "@/lib/ai/offline/routine-notes";

const base = {
  name: "Inbox digest",
  instructions: "Summarize my inbox.",
  scheduledFor: new Date("2026-01-05T08:00:00Z"),
  trigger: "scheduled" as const,
};

describe("run-start and end-of-run texts", () => {
  it("carry the notes verbatim, even with code fences inside", () => {
    const notes = "# Notes\n```\ncode\n````\nstill notes\n- Skip newsletters";
    const start = runStartText({ ...base, digest: "", notes });
    expect(notesInText(start)).toBe(notes);
    expect(notesInText(notesUpdateText(notes))).toBe(notes);
    expect(notesInText(runStartText({ ...base, digest: "", notes: null }))).toBeNull();
    expect(notesInText("plain text")).toBeUndefined();
    expect(instructionsInText(start)).toBe("Summarize my inbox.");
    expect(routineNameInText(start)).toBe("Inbox digest");
  });

  it("exposes the digest's follow-ups, not the notes' bullets", () => {
    const digest = runDigest([
      {
        messages: [
          { role: "user", text: "run" },
          { role: "assistant", text: "done" },
          { role: "user", text: "Skip newsletters from now on" },
        ],
        finalReply: "done",
      },
    ]);
    const start = runStartText({ ...base, digest, notes: "- Always bold the subject" });
    expect(digestFollowUps(start)).toEqual(["Skip newsletters from now on"]);
  });
});

describe("offline notes", () => {
  it("adds preferences and open items to their sections once, keeping the person's text", () => {
    const merged = mergeNotes(null, { preferences: ["Skip newsletters from now on"], openItems: ["Follow up: invoice"] });
    expect(merged).not.toContain("(none yet)");
    expect(readNotesLists(merged)).toEqual({ preferences: ["Skip newsletters from now on"], openItems: ["Follow up: invoice"] });
    expect(mergeNotes(merged, { preferences: ["skip newsletters from now on!"], openItems: [] })).toBe(merged);
    const own = mergeNotes("My own notes\n- Always bold the subject", { preferences: ["Never include promotions"], openItems: [] });
    expect(own).toBe("My own notes\n- Always bold the subject\n\n## Preferences\n- Never include promotions\n");
  });

  it("keeps only the sentences that state a standing preference", () => {
    expect(preferenceSentences("Thanks! From now on skip newsletters. Nice work.")).toEqual(["From now on skip newsletters."]);
    expect(preferenceSentences("Don’t  send on weekends")).toEqual(["Don’t send on weekends"]);
  });
});
