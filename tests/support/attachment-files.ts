import { deflateSync, crc32 } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";

/*
 * Real files for the attachment tests, made in the test: a PNG (valid chunks and checksums, any
 * declared size: a huge one is only a header) and a multi-page PDF (pdf-lib) whose pages hold the
 * given text, or none.
 */

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/**
 * A grey RGB PNG; with `headerOnly`, the declared size without its pixels (what a bomb looks like
 * to a header reader); with `noise`, seeded random pixels, which do not compress (a photo's size).
 */
export function png(width: number, height: number, opts: { headerOnly?: boolean; noise?: number } = {}): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  let seed = opts.noise ?? 0;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
  const rowOf = () =>
    Buffer.concat([
      Buffer.from([0]),
      opts.noise === undefined ? Buffer.alloc(width * 3, 0x80) : Buffer.from(Array.from({ length: width * 3 }, next)),
    ]);
  const pixels = opts.headerOnly ? Buffer.alloc(0) : deflateSync(Buffer.concat(Array.from({ length: height }, rowOf)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]));
}

/** A PDF with one page per entry; an empty string is a page without text. */
export async function pdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([400, 300]);
    if (text) page.drawText(text, { x: 40, y: 240, size: 14, font });
  }
  return doc.save();
}
