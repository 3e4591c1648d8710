import { describe, expect, it } from "vitest";
import { planModelInput, summaryPartText, type TranscriptMessage } from "@/lib/context";
import { deepFreeze } from "./deep-freeze";

const user = (id: string, text: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage => ({
  id,
  role: "user",
  parts: [{ type: "text", text }],
  ...extra,
});
const assistant = (id: string, text: string): TranscriptMessage => ({
  id,
  role: "assistant",
  parts: [{ type: "text", text }],
});

describe("summaryPartText", () => {
  it("labels the summary exactly", () => {
    expect(summaryPartText("a\nb")).toBe("Summary of earlier conversation:\na\nb");
  });
});

describe("planModelInput", () => {
  const transcript = [user("u1", "one"), assistant("a1", "two"), user("u2", "three"), assistant("a2", "four")];

  it("sends everything when there is no summary and no run", () => {
    const plan = planModelInput(transcript, null);
    expect(plan).toEqual({ messages: transcript, recentSpan: null, summaryStale: false });
  });

  it("handles an empty transcript", () => {
    expect(planModelInput([], null)).toEqual({ messages: [], recentSpan: null, summaryStale: false });
    expect(planModelInput([], { text: "s", cutMessageId: "x", floorMessageId: null })).toEqual({
      messages: [],
      recentSpan: null,
      summaryStale: true,
      staleReason: "an edit or retry removed the cut message",
    });
  });

  it("starts at the latest run when there is no summary", () => {
    const messages = [
      user("r1", "go", { runStart: true }),
      assistant("a1", "done"),
      user("r2", "go", { runStart: true }),
      assistant("a2", "ok"),
    ];
    expect(planModelInput(messages, null).messages.map((m) => m.id)).toEqual(["r2", "a2"]);
  });

  it("puts the summary first in a copy of the cut message", () => {
    const cut = {
      id: "u2",
      role: "user" as const,
      parts: [
        { type: "text", text: "three" },
        { type: "file", url: "x" },
      ],
    };
    const messages = [user("u1", "one"), assistant("a1", "two"), cut, assistant("a2", "four")];
    const plan = planModelInput(messages, { text: "S", cutMessageId: "u2", floorMessageId: null });

    expect(plan.recentSpan).toEqual({ cutMessageId: "u2" });
    expect(plan.summaryStale).toBe(false);
    expect(plan.messages.map((m) => m.id)).toEqual(["u2", "a2"]);
    expect(plan.messages[0]!.parts).toEqual([
      { type: "text", text: summaryPartText("S") },
      { type: "text", text: "three" },
      { type: "file", url: "x" },
    ]);
    expect(plan.messages[0]).not.toBe(cut);
    // Messages after the cut are passed through untouched.
    expect(plan.messages[1]).toBe(messages[3]);
  });

  it("never mutates the transcript or its parts", () => {
    const messages = deepFreeze([user("u1", "one"), assistant("a1", "two"), user("u2", "three"), assistant("a2", "four")]);
    const before = structuredClone(messages);
    const summary = { text: "S", cutMessageId: "u2", floorMessageId: null };
    expect(() => planModelInput(messages, summary)).not.toThrow();
    expect(() => planModelInput(messages, null)).not.toThrow();
    expect(() => planModelInput(messages, { ...summary, cutMessageId: "gone" })).not.toThrow();
    expect(messages).toEqual(before);
    expect(messages[2]!.parts).toHaveLength(1);
  });

  it("returns a new array even when nothing is cut", () => {
    const plan = planModelInput(transcript, null);
    expect(plan.messages).not.toBe(transcript);
  });

  it("marks a summary stale when its cut message is gone and sends the whole run", () => {
    const plan = planModelInput(transcript, { text: "S", cutMessageId: "gone", floorMessageId: null });
    expect(plan).toEqual({
      messages: transcript,
      recentSpan: null,
      summaryStale: true,
      staleReason: "an edit or retry removed the cut message",
    });
  });

  it("marks a summary stale when the cut is not a user message", () => {
    const plan = planModelInput(transcript, { text: "S", cutMessageId: "a1", floorMessageId: null });
    expect(plan.summaryStale).toBe(true);
    expect(plan.recentSpan).toBeNull();
  });

  it("marks a summary from an earlier run stale and sends only the current run", () => {
    const messages = [
      user("r1", "go", { runStart: true }),
      assistant("a1", "done"),
      user("f1", "follow up"),
      user("r2", "go", { runStart: true }),
      assistant("a2", "ok"),
    ];
    const plan = planModelInput(messages, { text: "S", cutMessageId: "f1", floorMessageId: "r1" });
    expect(plan.summaryStale).toBe(true);
    expect(plan.recentSpan).toBeNull();
    expect(plan.messages.map((m) => m.id)).toEqual(["r2", "a2"]);
    expect(plan.staleReason).toBe("a new routine run started");
  });

  it("puts pinned messages verbatim right after the summary, before the cut message's own parts", () => {
    const messages = [user("u1", "first"), assistant("a1", "done"), user("u2", "second"), assistant("a2", "ok")];
    const pin = { id: "a1", role: "assistant" as const, parts: [{ type: "text", text: "Never touch prod.yaml." }] };
    const plan = planModelInput(messages, { text: "S", cutMessageId: "u2", floorMessageId: null }, [pin]);
    expect(plan.messages[0]!.parts.map((p) => p.text)).toEqual([
      "Summary of earlier conversation:\nS",
      "Pinned message (assistant), kept verbatim:\nNever touch prod.yaml.",
      "second",
    ]);
    expect(plan.pinnedIds).toEqual(["a1"]);
    expect(plan.cutOpeningText).toBe("second");
  });

  it("applies a summary inside the current run, keeping the run's start message verbatim ahead of it", () => {
    const messages = [user("r1", "go", { runStart: true }), assistant("a1", "done"), user("f1", "follow up"), assistant("a2", "ok")];
    const plan = planModelInput(messages, { text: "S", cutMessageId: "f1", floorMessageId: "r1" });
    expect(plan.recentSpan).toEqual({ cutMessageId: "f1" });
    expect(plan.messages.map((m) => m.id)).toEqual(["r1", "f1", "a2"]);
    expect(plan.messages[0].parts).toEqual(messages[0].parts);
    expect(plan.userMessagesBeforeCut).toBe(1);
  });

  it("preserves extra fields of the caller's message type on the copy", () => {
    type Tagged = TranscriptMessage & { metadata: { createdAt: number } };
    const messages: Tagged[] = [
      { ...user("u1", "a"), metadata: { createdAt: 1 } },
      { ...user("u2", "b"), metadata: { createdAt: 2 } },
    ];
    const plan = planModelInput(messages, { text: "S", cutMessageId: "u2", floorMessageId: null });
    expect(plan.messages[0]!.metadata).toEqual({ createdAt: 2 });
  });
});
