import zlib from "node:zlib";
import yauzl from "yauzl";
import { AppError } from "@/lib/errors";

/*
 * A ChatGPT export arrives as a zip (conversations.json beside chat.html and the images). Only
 * conversations.json is inflated, and it is bounded before and while it is: the entry count
 * (central directory) and the declared size are checked first, and inflation itself stops at
 * `maxBytes` (zlib's maxOutputLength), so a zip bomb costs at most that much memory and is refused
 * with 413 before anything is written, even one whose directory lies about its size.
 */

// A real export holds one file per image besides a few JSON and HTML files; far more is not one.
const MAX_ENTRIES = 50_000;
const WANTED = "conversations.json";

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const unreadable = (why: string) => new AppError("invalid_body", `The zip file could not be read: ${why}`, { field: "file" });
const tooBig = (maxBytes: number) =>
  new AppError(
    "too_large",
    `The zip's ${WANTED} unpacks to more than the ${Math.floor(maxBytes / (1024 * 1024))} MB an import takes (MAX_IMPORT_UNZIPPED_BYTES).`,
  );

/** The bytes of the zip's conversations.json (the one nearest the top); refused in words otherwise. */
export async function conversationsFromZip(zip: Buffer, maxBytes: number): Promise<Buffer> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, z) =>
      err ? reject(unreadable(err.message)) : resolve(z),
    ),
  );
  try {
    if (file.entryCount > MAX_ENTRIES)
      throw new AppError("too_large", `The zip holds ${file.entryCount} files; an import reads at most ${MAX_ENTRIES}.`);
    const entry = await findEntry(file);
    if (!entry) throw unreadable(`it holds no ${WANTED} (is it a ChatGPT export?).`);
    if (entry.uncompressedSize > maxBytes) throw tooBig(maxBytes);
    return await inflate(file, entry, maxBytes);
  } finally {
    file.close();
  }
}

function findEntry(file: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    let best: yauzl.Entry | null = null;
    const depth = (e: yauzl.Entry) => e.fileName.split("/").length;
    file.on("entry", (e: yauzl.Entry) => {
      const name = e.fileName;
      const wanted = (name === WANTED || name.endsWith(`/${WANTED}`)) && !name.startsWith("__MACOSX/");
      if (wanted && (!best || depth(e) < depth(best))) best = e;
      file.readEntry();
    });
    file.on("end", () => resolve(best));
    file.on("error", (err: Error) => reject(unreadable(err.message)));
    file.readEntry();
  });
}

/**
 * The entry's packed bytes (at most the upload's size) inflated here with zlib's maxOutputLength,
 * so the inflated size is bounded whatever the zip declares; a size or checksum that disagrees
 * with the directory is a damaged or forged zip.
 */
async function inflate(file: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw unreadable(`${WANTED} is packed with method ${entry.compressionMethod}; only stored and deflated entries are read.`);
  const packed = await rawBytes(file, entry);
  let out: Buffer;
  try {
    out = entry.compressionMethod === 0 ? packed : zlib.inflateRawSync(packed, { maxOutputLength: maxBytes });
  } catch (err) {
    if (err instanceof RangeError) throw tooBig(maxBytes);
    throw unreadable(err instanceof Error ? err.message : String(err));
  }
  if (out.length > maxBytes) throw tooBig(maxBytes);
  if (out.length !== entry.uncompressedSize || zlib.crc32(out) !== entry.crc32)
    throw unreadable(`${WANTED} does not match the size and checksum its directory declares.`);
  return out;
}

function rawBytes(file: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Packed bytes as stored: the inflation and its bound are ours (inflate above). yauzl refuses
    // `decompress` on a stored entry, hence null there.
    file.openReadStream(
      entry,
      { decompress: entry.compressionMethod === 8 ? false : null, decrypt: null, start: null, end: null },
      (err, stream) => {
        if (err) return reject(unreadable(err.message));
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", (e: Error) => reject(unreadable(e.message)));
        stream.on("end", () => resolve(Buffer.concat(chunks)));
      },
    );
  });
}
