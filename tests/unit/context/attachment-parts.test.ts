import { describe, expect, it } from "vitest";
import { countMessageTokens, summarizerText, withAttachmentInputs, type AttachmentRef } from "@/lib/context";

const image: AttachmentRef = { path: "attachments/shot.png", mediaType: "image/png", size: 20_480, width: 1600, height: 900 };
const spec: AttachmentRef = {
  path: "attachments/spec.pdf",
  mediaType: "application/pdf",
  size: 3 * 1024 * 1024,
  pages: 12,
  textPath: "attachments/spec.pdf.md",
};
const log: AttachmentRef = { path: "attachments/app.log", mediaType: "text/plain", size: 900 };
const part = (data: AttachmentRef) => ({ type: "data-attachment", data });
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("attachment parts in the model input", () => {
  it("turns each attachment into a note, and an image whose bytes were loaded into a file part too", () => {
    const parts = [{ type: "text", text: "look" }, part(image), part(spec), part(log)];
    const out = withAttachmentInputs(parts, new Map([[image.path, "data:image/png;base64,AAAA"]]));
    expect(out).toEqual([
      { type: "text", text: "look" },
      { type: "text", text: "[Attached: workspace file attachments/shot.png (image/png, 20 KB, 1600x900 px)]" },
      { type: "file", mediaType: "image/png", url: "data:image/png;base64,AAAA", filename: "attachments/shot.png" },
      {
        type: "text",
        text: "[Attached: workspace file attachments/spec.pdf (application/pdf, 3.0 MB, 12 pages); its text is in the workspace file attachments/spec.pdf.md]",
      },
      {
        type: "text",
        text: "[Attached: workspace file attachments/app.log (text/plain, 900 bytes); read it with the workspace tools (by line range if it is large)]",
      },
    ]);
    // Without loaded bytes (a message the shell did not load), only the note.
    expect(withAttachmentInputs([part(image)], new Map()).map((p) => p.type)).toEqual(["text"]);
  });

  it("counts an image as a provider bills it, and names every path for the summarizer", () => {
    const noteOnly = countMessageTokens([part(log)], words);
    expect(noteOnly).toBeLessThan(40);
    // 1600x900 scaled to ~1.15 MP: about 1,534 tokens on top of its note.
    expect(
      countMessageTokens([part(image)], words) - words("[Attached: workspace file attachments/shot.png (image/png, 20 KB, 1600x900 px)]"),
    ).toBe(1534);
    expect(countMessageTokens([part({ ...image, width: null, height: null })], () => 0)).toBe(1000);
    const text = summarizerText([{ type: "text", text: "here" }, part(image), part(spec)]);
    expect(text).toContain("attachments/shot.png");
    expect(text).toContain("attachments/spec.pdf.md");
  });
});
