import { generateText, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createOfflineModel } from "@/lib/ai/offline";
import { runDigest } from "@/lib/context";
import { notesUpdateText, runStartText } from "@/lib/context/run-text";

const start = (notes: string | null, followUps: string[] = []) =>
  runStartText({
    name: "Inbox digest",
    instructions: "Summarize my inbox.",
    scheduledFor: new Date("2026-01-05T08:00:00Z"),
    trigger: "scheduled",
    digest: followUps.length
      ? runDigest([{ messages: [{ role: "user", text: "run" }, ...followUps.map((text) => ({ role: "user", text }))], finalReply: null }])
      : "",
    notes,
  });

function notesTools(files: Map<string, string>, calls: string[]) {
  return {
    read_file: tool({
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => (calls.push(`read ${path}`), { content: files.get(path) ?? null }),
    }),
    write_file: tool({
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: async ({ path, content }) => (calls.push(`write ${path}`), files.set(path, content), { ok: true }),
    }),
  };
}

const model = () => createOfflineModel({ delayMs: 0 });
type Msg = { role: "user" | "assistant"; content: string };

describe("offline model in a routine", () => {
  it("reports the notes it applied and the standing preferences from the digest", async () => {
    const { text } = await generateText({
      model: model(),
      prompt: start("# Notes\n- Always bold the subject\n- [ ] Reply to Ann", ["Skip newsletters from now on", "thanks"]),
    });
    expect(text).toContain('Routine run "Inbox digest"');
    expect(text).toMatch(/Notes applied \(from routine\/notes\.md\):\n- Always bold the subject\n/);
    expect(text).toMatch(/Follow-ups from recent runs applied:\n- Skip newsletters from now on$/m);
    expect(text).not.toContain("- thanks");
    expect(text).toMatch(/Open items picked up:\n- Reply to Ann/);
  });

  it("at the end of the run writes the digest's preferences and this run's requests into the notes", async () => {
    const files = new Map<string, string>();
    const calls: string[] = [];
    const messages: Msg[] = [
      { role: "user", content: start(null, ["Never include promotions"]) },
      { role: "assistant", content: "report" },
      { role: "user", content: "Check the invoice from ACME" },
      { role: "assistant", content: "ok" },
      { role: "user", content: notesUpdateText(null) },
    ];
    await generateText({ model: model(), messages, tools: notesTools(files, calls), stopWhen: stepCountIs(3) });
    expect(calls).toEqual(["read routine/notes.md", "write routine/notes.md"]);
    const notes = files.get("routine/notes.md")!;
    expect(notes).toMatch(/## Preferences\n- Never include promotions\n/);
    expect(notes).toMatch(/## Open items\n- \[ \] Follow up: Check the invoice from ACME\n/);
  });

  it("says the notes are up to date and calls no tool when nothing is new", async () => {
    const notes = "## Preferences\n- Never include promotions\n";
    const calls: string[] = [];
    const { text } = await generateText({
      model: model(),
      messages: [
        { role: "user", content: start(notes, ["Never include promotions"]) },
        { role: "assistant", content: "r" },
        { role: "user", content: notesUpdateText(notes) },
      ],
      tools: notesTools(new Map(), calls),
      stopWhen: stepCountIs(3),
    });
    expect(text).toContain("routine/notes.md is up to date");
    expect(calls).toEqual([]);
  });

  it("records a standing preference stated between runs on top of the newest notes it saw", async () => {
    const files = new Map<string, string>();
    const calls: string[] = [];
    const messages: Msg[] = [
      { role: "user", content: start(null) },
      { role: "assistant", content: "report" },
      { role: "user", content: notesUpdateText("## Preferences\n- Always bold the subject\n") },
      { role: "assistant", content: "up to date" },
      { role: "user", content: "Thanks! Skip newsletters from now on." },
    ];
    await generateText({ model: model(), messages, tools: notesTools(files, calls), stopWhen: stepCountIs(3) });
    expect(files.get("routine/notes.md")).toBe("## Preferences\n- Always bold the subject\n- Skip newsletters from now on.\n");
  });

  it("leaves ordinary chats alone: a preference outside a routine thread gets the usual reply", async () => {
    const calls: string[] = [];
    const { text } = await generateText({ model: model(), prompt: "Skip newsletters from now on", tools: notesTools(new Map(), calls) });
    expect(text).toContain("This is a fixed reply");
    expect(calls).toEqual([]);
  });
});
