import type { PdfText } from "./pdf-text";

/*
 * The text the workspace holds for an attachment whose bytes are not text: what the agent (and a
 * person in the side panel) reads at its path, and a PDF's extracted Markdown sibling.
 */

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 1024) / 0.1) / 10} MB`;
}

export type NoteFacts = { name: string; mediaType: string; size: number; addedBy: string; detail?: string; textPath?: string | null };

/** The workspace file of an image or PDF attachment: its facts, never its bytes. */
export function binaryNote(f: NoteFacts): string {
  const lines = [
    `# Attachment: ${f.name}`,
    "",
    `- type: ${f.mediaType}`,
    `- size: ${sizeLabel(f.size)} (${f.size} bytes)`,
    ...(f.detail ? [`- ${f.detail}`] : []),
    `- added by: ${f.addedBy}`,
    "",
    f.textPath
      ? `The file's bytes are stored with the chat; its text is in ${f.textPath}.`
      : "The file's bytes are stored with the chat; this note is what the workspace holds of it.",
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * attachments/<name>.md: the page count, each page's text, a note where a page has none or reading
 * stopped. At most `maxBytes` of UTF-8 (a workspace file's cap for attachments): pages past it are
 * left out with a note, so a PDF full of text never makes the whole upload fail.
 */
export function pdfMarkdown(name: string, pdf: PdfText | null, maxBytes: number): string {
  if (!pdf) return `# ${name}\n\nThe PDF could not be read, so no text was extracted from it.\n`;
  const out = [`# ${name}`, "", `Text extracted from the PDF: ${pdf.pages} page${pdf.pages === 1 ? "" : "s"}.`, ""];
  const room = maxBytes - 400; // the closing note's room
  let bytes = Buffer.byteLength(out.join("\n"));
  let written = 0;
  for (const text of pdf.text) {
    const page = [`## Page ${written + 1}`, "", text === "" ? "_(no text on this page: it may be a scan or a picture)_" : text, ""];
    const size = Buffer.byteLength(page.join("\n")) + 1;
    if (bytes + size > room) break;
    out.push(...page);
    bytes += size;
    written++;
  }
  if (written < pdf.pages) {
    const why =
      written < pdf.readPages
        ? "the text is larger than an attachment's workspace file may be"
        : pdf.stoppedBy === "pages"
          ? `at most ${pdf.readPages} pages are read`
          : "reading the PDF took too long";
    out.push(`_(Only the first ${written} of ${pdf.pages} pages were extracted: ${why}.)_`, "");
  }
  return out.join("\n");
}
