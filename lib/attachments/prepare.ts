import { assertFileSize, imageDimensions } from "./caps";
import { safeName } from "./naming";
import { binaryNote, pdfMarkdown } from "./notes";
import { extractPdfText } from "./pdf-text";
import { asText, sniff } from "./sniff";
import type { Sniffed, Upload } from "./types";

/*
 * One uploaded file -> everything the upload writes for it, decided before the transaction opens
 * (sniffing, the image header, the PDF's text take time no lock should be held for): its type, its
 * safe name and the workspace text for it once its path is known.
 */

export type Prepared = {
  name: string;
  type: Sniffed;
  bytes: Uint8Array;
  /** The workspace file's content at `path` (the text itself, or a note for an image or PDF). */
  content: (path: string) => string;
  /** A PDF's extracted Markdown, written at `${path}.md`. */
  sibling: string | null;
  /** An image's dimensions, a PDF's page count (null when unread). */
  measures: { width?: number; height?: number; pages?: number | null };
};

export async function prepareUpload(upload: Upload, maxBytes: number, addedBy: string): Promise<Prepared> {
  assertFileSize(upload.name, upload.bytes.byteLength, maxBytes);
  const type = await sniff(upload.name, upload.bytes);
  const name = safeName(upload.name, type);
  const facts = { name, mediaType: type.mediaType, size: upload.bytes.byteLength, addedBy };
  if (type.kind === "text") {
    const text = asText(upload.bytes) ?? "";
    return { name, type, bytes: upload.bytes, content: () => text, sibling: null, measures: {} };
  }
  if (type.kind === "image") {
    const { width, height } = imageDimensions(upload.name, upload.bytes);
    return {
      name,
      type,
      bytes: upload.bytes,
      content: () => binaryNote({ ...facts, detail: `dimensions: ${width} x ${height} pixels` }),
      sibling: null,
      measures: { width, height },
    };
  }
  const pdf = await extractPdfText(upload.bytes);
  const sibling = pdfMarkdown(name, pdf, maxBytes);
  const detail = pdf ? `pages: ${pdf.pages}` : "pages: unknown (the PDF could not be read)";
  return {
    name,
    type,
    bytes: upload.bytes,
    content: (path) => binaryNote({ ...facts, detail, textPath: `${path}.md` }),
    sibling,
    measures: { pages: pdf?.pages ?? null },
  };
}
