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

/** attachments/<name>.md: the page count, each page's text, a note where a page has none or reading stopped. */
export function pdfMarkdown(name: string, pdf: PdfText | null): string {
  if (!pdf) return `# ${name}\n\nThe PDF could not be read, so no text was extracted from it.\n`;
  const out = [`# ${name}`, "", `Text extracted from the PDF: ${pdf.pages} page${pdf.pages === 1 ? "" : "s"}.`, ""];
  pdf.text.forEach((text, i) => {
    out.push(`## Page ${i + 1}`, "", text === "" ? "_(no text on this page: it may be a scan or a picture)_" : text, "");
  });
  if (pdf.stoppedBy) {
    const why = pdf.stoppedBy === "pages" ? `at most ${pdf.readPages} pages are read` : "reading the PDF took too long";
    out.push(`_(Only the first ${pdf.readPages} of ${pdf.pages} pages were extracted: ${why}.)_`, "");
  }
  return out.join("\n");
}
