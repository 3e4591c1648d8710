import { convertToModelMessages, type ModelMessage, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { planModelInput, summaryPartText, verifyRequest } from "@/lib/context";

const SUMMARY = "Loader ready.\nThree callers remain.";

const transcript: UIMessage[] = [
  { id: "m01", role: "user", parts: [{ type: "text", text: "Move callers to loadAccount." }] },
  { id: "m02", role: "assistant", parts: [{ type: "text", text: "Loader ready." }] },
  { id: "m03", role: "user", parts: [{ type: "text", text: "Now the API handler." }] },
  {
    id: "m04",
    role: "assistant",
    parts: [
      { type: "step-start" },
      { type: "text", text: "Writing the handler." },
      {
        type: "tool-write_file",
        toolCallId: "call_1",
        state: "output-available",
        input: { path: "src/api/accounts.ts", content: "export {}" },
        output: { ok: true },
      },
      { type: "step-start" },
      { type: "text", text: "Done with getAccountHandler." },
    ],
  },
  { id: "m05", role: "user", parts: [{ type: "text", text: "Run the CLI tests." }] },
];

async function requestWithSummary(cutMessageId: string, text = SUMMARY): Promise<ModelMessage[]> {
  const plan = planModelInput(transcript, { text, cutMessageId, floorMessageId: null });
  expect(plan.recentSpan).toEqual({ cutMessageId });
  return convertToModelMessages(plan.messages);
}

describe("verifyRequest", () => {
  it("verifies a cut followed by a tool call that expands into several model messages", async () => {
    const model = await requestWithSummary("m03");
    // The assistant message with a tool result became assistant + tool + assistant.
    expect(model.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "user"]);
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0 })).toEqual({ ok: true });
  });

  it("locates the cut by counting user messages past the tool expansion", async () => {
    // The caller prepends earlier messages, including the tool exchange; the
    // summary sits on the second user message of the request.
    const plan = planModelInput(transcript, { text: SUMMARY, cutMessageId: "m05", floorMessageId: null });
    const prefix = transcript.slice(2, 4);
    const model = await convertToModelMessages([...prefix, ...plan.messages]);
    expect(model.length).toBeGreaterThan(prefix.length + plan.messages.length);

    const before = prefix.filter((m) => m.role === "user").length;
    expect(before).toBe(1);
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: before })).toEqual({ ok: true });
    // Pointing at the wrong user message is caught.
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0 })).toEqual({
      ok: false,
      reason: "summary text mismatch",
    });
  });

  it("reports a summary text mismatch", async () => {
    const model = await requestWithSummary("m03", "Something else.");
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0 })).toEqual({
      ok: false,
      reason: "summary text mismatch",
    });
  });

  it("reports a mismatch when the summary was never applied", async () => {
    const model = await convertToModelMessages(transcript.slice(2));
    const result = verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0 });
    expect(result).toEqual({ ok: false, reason: "summary text mismatch" });
  });

  it("reports a missing cut when the request has too few user messages", async () => {
    const model = await requestWithSummary("m03");
    const result = verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 2 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^cut user message not found/);
    expect(verifyRequest([], { summaryText: SUMMARY, userMessagesBeforeCut: 0 }).ok).toBe(false);
  });

  it("reports a cut whose opening part is not text", () => {
    const model: ModelMessage[] = [
      {
        role: "user",
        content: [
          { type: "file", mediaType: "image/png", data: new URL("https://example.com/a.png") },
          { type: "text", text: summaryPartText(SUMMARY) },
        ],
      },
    ];
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0 })).toEqual({
      ok: false,
      reason: "cut message has no opening text part",
    });
    expect(verifyRequest([{ role: "user", content: [] }], { summaryText: SUMMARY, userMessagesBeforeCut: 0 }).ok).toBe(false);
  });

  it("compares string content as a whole", () => {
    const exact: ModelMessage[] = [{ role: "user", content: summaryPartText(SUMMARY) }];
    const merged: ModelMessage[] = [{ role: "user", content: `${summaryPartText(SUMMARY)}\nmore` }];
    expect(verifyRequest(exact, { summaryText: SUMMARY, userMessagesBeforeCut: 0 })).toEqual({ ok: true });
    expect(verifyRequest(merged, { summaryText: SUMMARY, userMessagesBeforeCut: 0 }).ok).toBe(false);
  });

  it("ignores system messages ahead of the cut", () => {
    const model: ModelMessage[] = [
      { role: "system", content: summaryPartText("decoy") },
      { role: "user", content: [{ type: "text", text: summaryPartText(SUMMARY) }] },
    ];
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0 })).toEqual({ ok: true });
  });

  it("rejects a negative or fractional position", () => {
    const model: ModelMessage[] = [{ role: "user", content: summaryPartText(SUMMARY) }];
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: -1 }).ok).toBe(false);
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0.5 }).ok).toBe(false);
  });

  it("checks the cut message's own opening text, not only the summary part", async () => {
    const model = await requestWithSummary("m03");
    expect(verifyRequest(model, { summaryText: SUMMARY, userMessagesBeforeCut: 0, cutOpeningText: "Now the API handler." })).toEqual({
      ok: true,
    });
    // The summary landed on another message: the summary part alone would still match.
    const shifted = await requestWithSummary("m05");
    expect(verifyRequest(shifted, { summaryText: SUMMARY, userMessagesBeforeCut: 0 })).toEqual({ ok: true });
    expect(verifyRequest(shifted, { summaryText: SUMMARY, userMessagesBeforeCut: 0, cutOpeningText: "Now the API handler." })).toEqual({
      ok: false,
      reason: "the cut message's opening text does not match the stored cut message",
    });
  });

  it("expects pinned texts between the summary and the cut message", async () => {
    const plan = planModelInput(transcript, { text: SUMMARY, cutMessageId: "m03", floorMessageId: null }, [transcript[1]!]);
    const model = await convertToModelMessages(plan.messages);
    const expected = { summaryText: SUMMARY, userMessagesBeforeCut: 0, pinnedTexts: plan.pinnedTexts, cutOpeningText: plan.cutOpeningText };
    expect(verifyRequest(model, expected)).toEqual({ ok: true });
    expect(verifyRequest(model, { ...expected, pinnedTexts: [] }).ok).toBe(false);
  });
});
