import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";

/*
 * Where attachment bytes live, behind one small interface: the database by default (zero setup,
 * and the bytes commit or roll back with the attachment's rows), or a directory when
 * ATTACHMENTS_DIR names one. A directory write happens before the rows commit; a transaction that
 * then fails leaves an unreferenced file under a random key, never a row without its bytes.
 */

export type ByteStore = {
  kind: "db" | "dir";
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
  const dir = config().ATTACHMENTS_DIR;
  return dir ? directoryStore(path.resolve(dir)) : databaseStore;
}

/** The store an attachment was written to (the setting may have changed since). */
export function storeFor(kind: string): ByteStore {
  if (kind === "db") return databaseStore;
  const dir = config().ATTACHMENTS_DIR;
  if (!dir) throw new Error("An attachment is stored in a directory, but ATTACHMENTS_DIR is not set.");
  return directoryStore(path.resolve(dir));
}
