import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { s3Store } from "./s3-store";

/*
 * Where attachment bytes live, behind one small interface: the database by default (zero setup,
 * and the bytes commit or roll back with the attachment's rows), a directory when ATTACHMENTS_DIR
 * names one, or an S3-compatible bucket (s3-store.ts). A directory or bucket write happens before the rows commit; a transaction that
 * then fails leaves an unreferenced file under a random key, never a row without its bytes.
 */

export type ByteStore = {
  kind: "db" | "dir" | "s3";
  /** Stores `bytes`; `tx` is the transaction that records the attachment. Answers the key. */
  put(tx: Tx, bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
};

const databaseStore: ByteStore = {
  kind: "db",
  async put(tx, bytes) {
    const key = randomUUID();
    await tx.attachmentBlob.create({ data: { key, bytes: Uint8Array.from(bytes) } });
    return key;
  },
  async get(key) {
    const row = await db().attachmentBlob.findUnique({ where: { key } });
    return row ? new Uint8Array(row.bytes) : null;
  },
};

// Keys are UUIDs made here; anything else is never joined onto the directory.
const KEY = /^[0-9a-f-]{36}$/;

function directoryStore(dir: string): ByteStore {
  const file = (key: string) => path.join(dir, key.slice(0, 2), key);
  return {
    kind: "dir",
    async put(_tx, bytes) {
      const key = randomUUID();
      await mkdir(path.dirname(file(key)), { recursive: true });
      // Written whole under a temporary name, then renamed: a reader never sees half a file.
      const temp = `${file(key)}.${process.pid}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file(key));
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      return readFile(file(key)).then(
        (b) => new Uint8Array(b),
        (err: NodeJS.ErrnoException) => {
          if (err.code === "ENOENT") return null;
          throw err;
        },
      );
    },
  };
}

/** The store new attachments go to. */
export function currentStore(): ByteStore {
  const c = config();
  if (c.ATTACHMENTS_S3_BUCKET) return s3Store(c);
  return c.ATTACHMENTS_DIR ? directoryStore(path.resolve(c.ATTACHMENTS_DIR)) : databaseStore;
}

/** The store an attachment was written to (the setting may have changed since). */
export function storeFor(kind: string): ByteStore {
  if (kind === "db") return databaseStore;
  const c = config();
  if (kind === "s3" && c.ATTACHMENTS_S3_BUCKET) return s3Store(c);
  if (kind === "dir" && c.ATTACHMENTS_DIR) return directoryStore(path.resolve(c.ATTACHMENTS_DIR));
  const setting = kind === "s3" ? "ATTACHMENTS_S3_BUCKET" : "ATTACHMENTS_DIR";
  console.error(`[attachments] an attachment is stored in "${kind}", but ${setting} is not set`);
  throw new AppError("storage_unavailable", "This attachment's store is not configured on this server, so its file cannot be read.");
}
