import { PassThrough, type Readable } from "node:stream";
import zlib from "node:zlib";
import yauzl from "yauzl";
import { AppError } from "@/lib/errors";

/*
 * A ChatGPT export arrives as a zip (conversations.json beside chat.html and the images). The zip
 * is read from the file the upload was spooled to (yauzl reads the central directory, never the
 * whole file), and only conversations.json is inflated, as a stream, bounded before and while it
 * is: the entry count and the declared size are checked first, and inflation stops once `maxBytes`
 * have come out, so a zip bomb costs one inflate window of memory and is refused with 413 before
 * anything is written, even one whose directory lies about its size. The size and CRC-32 the
 * directory declares are checked once the entry has been read through.
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

/** The bytes of the zip's conversations.json (the one nearest the top), chunk by chunk; refused in words otherwise. */
export async function* conversationsFromZip(zipPath: string, maxBytes: number): AsyncGenerator<Buffer> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(unreadable(err.message)) : resolve(z))),
  );
  try {
    if (file.entryCount > MAX_ENTRIES)
      throw new AppError("too_large", `The zip holds ${file.entryCount} files; an import reads at most ${MAX_ENTRIES}.`);
    const entry = await findEntry(file);
    if (!entry) throw unreadable(`it holds no ${WANTED} (is it a ChatGPT export?).`);
    if (entry.uncompressedSize > maxBytes) throw tooBig(maxBytes);
    yield* inflate(file, entry, maxBytes);
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
 * The entry's packed bytes inflated here, counted as they come out, so the inflated size is
 * bounded whatever the zip declares; a size or checksum that disagrees with the directory is a
 * damaged or forged zip.
 */
async function* inflate(file: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): AsyncGenerator<Buffer> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw unreadable(`${WANTED} is packed with method ${entry.compressionMethod}; only stored and deflated entries are read.`);
  const packed = await rawStream(file, entry);
  // A stored entry goes through a PassThrough too: yauzl 2.10's own stream of one yielded nothing
  // under async iteration here.
  const out: Readable = packed.pipe(entry.compressionMethod === 0 ? new PassThrough() : zlib.createInflateRaw());
  packed.on("error", (err: Error) => out.destroy(err));
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of out as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooBig(maxBytes);
      crc = zlib.crc32(chunk, crc);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable(err instanceof Error ? err.message : String(err));
  } finally {
    packed.destroy();
    out.destroy();
  }
  if (size !== entry.uncompressedSize || crc !== entry.crc32)
    throw unreadable(`${WANTED} does not match the size and checksum its directory declares.`);
}

function rawStream(file: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    // Packed bytes as stored: the inflation and its bound are ours (inflate above). yauzl refuses
    // `decompress` on a stored entry, hence null there.
    file.openReadStream(
      entry,
      { decompress: entry.compressionMethod === 8 ? false : null, decrypt: null, start: null, end: null },
      (err, stream) => (err ? reject(unreadable(err.message)) : resolve(stream)),
    );
  });
}
