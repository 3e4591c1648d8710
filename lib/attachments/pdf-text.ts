import { getDocumentProxy } from "unpdf";

/*
 * A PDF's text, extracted once at upload into the Markdown the agent reads (attachments/<name>.md).
 * Bounded in pages and in time: a PDF of thousands of pages, or one built to be slow to parse, is
 * truncated with a note instead of holding the request. Pages are read one at a time so the time
 * bound is checked between them.
 */

export const MAX_PDF_PAGES = 500;
const PDF_TIME_MS = 20_000;

export type PdfText = { pages: number; text: string[]; readPages: number; stoppedBy: "pages" | "time" | null };

type TextItem = { str?: string; hasEOL?: boolean };

function pageText(items: TextItem[]): string {
  return items
    .map((item) => (item.str ?? "") + (item.hasEOL ? "\n" : ""))
    .join("")
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}

/** The text of each page read; null when the bytes are not a PDF pdf.js can open. */
export async function extractPdfText(bytes: Uint8Array, now = () => Date.now()): Promise<PdfText | null> {
  const started = now();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js transfers (detaches) the buffer it is given.
    pdf = await getDocumentProxy(Uint8Array.from(bytes));
  } catch {
    return null;
  }
  try {
    const text: string[] = [];
    let stoppedBy: PdfText["stoppedBy"] = null;
    for (let n = 1; n <= pdf.numPages; n++) {
      if (n > MAX_PDF_PAGES) {
        stoppedBy = "pages";
        break;
      }
      if (now() - started > PDF_TIME_MS) {
        stoppedBy = "time";
        break;
      }
      const page = await pdf.getPage(n);
      text.push(pageText((await page.getTextContent()).items as TextItem[]));
    }
    return { pages: pdf.numPages, text, readPages: text.length, stoppedBy };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
