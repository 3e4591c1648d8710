import { describe, expect, it } from "vitest";
import { ATTACHMENT_PART, carriedAttachments, countMessageTokens, type AttachmentRef } from "@/lib/context";

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const part = (data: AttachmentRef) => ({ type: ATTACHMENT_PART, data });
const shot: AttachmentRef = { path: "attachments/shot.png", mediaType: "image/png", size: 2048, width: 1500, height: 1000 };
const log: AttachmentRef = { path: "attachments/app.log", mediaType: "text/plain", size: 90 };

describe("carriedAttachments (what the inspector says a request carries)", () => {
  it("lists each path once, the image in full and a text file as its note, costing what the budget counts", () => {
    const messages = [
      { id: "m1", parts: [{ type: "text", text: "look at these" }, part(shot), part(log)] },
      { id: "m2", parts: [{ type: "text", text: "and this one again" }, part(log)] },
      { id: "m3", parts: [{ type: "text", text: "no attachment here" }] },
    ];
    const carried = carriedAttachments(messages, words);
    expect(carried.map((a) => [a.path, a.messageId, a.asImage])).toEqual([
      ["attachments/shot.png", "m1", true],
      ["attachments/app.log", "m1", false],
    ]);
    // 1500 x 1000 px scaled to about 1.15 MP is 1,534 tokens of image, on top of the note.
    expect(carried[0].tokens).toBeGreaterThan(1_534);
    // What the inspector lists adds up to what the messages' stored token counts hold for attachments.
    const textTokens = messages.reduce(
      (sum, m) =>
        sum +
        countMessageTokens(
          m.parts.filter((p) => p.type === "text"),
          words,
        ),
      0,
    );
    const budgeted = messages.reduce((sum, m) => sum + countMessageTokens(m.parts, words), 0);
    expect(carried[0].tokens + carried[1].tokens).toBe(budgeted - textTokens);
  });

  it("is empty for messages without attachments", () => {
    expect(carriedAttachments([{ id: "m1", parts: [{ type: "text", text: "hello" }] }], words)).toEqual([]);
  });
});
