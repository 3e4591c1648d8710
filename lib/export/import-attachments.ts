import { assertFileSize, assertThreadRoom, imageDimensions } from "@/lib/attachments/caps";
import { extractPdfText } from "@/lib/attachments/pdf-text";
import { sniff } from "@/lib/attachments/sniff";
import type { ByteStore } from "@/lib/attachments/storage";
import type { Tx } from "@/lib/db/client";
import type { ImportPlan } from "./import-plan";

/*
 * The attachments of an imported export (format version 2): their bytes are judged as an upload's
 * are (lib/attachments), never by what the file claims. Each is sniffed for its type (an accepted
 * image, PDF or text, else refused in words), held to MAX_ATTACHMENT_BYTES and, per thread, to
 * MAX_THREAD_ATTACHMENT_BYTES, and its dimensions or page count read from the bytes; all before
 * the transaction. In it, each goes to the current store (currentStore()) with its row, so the
 * imported thread's attachments download and reach the model as the original's did.
 */

export type PlannedAttachment = ImportPlan["attachments"][number];

export async function measureAttachments(
  rows: PlannedAttachment[],
  caps: { maxFile: number; maxThread: number },
): Promise<PlannedAttachment[]> {
  const perThread = new Map<string, number>();
  const out: PlannedAttachment[] = [];
  for (const row of rows) {
    const bytes = Buffer.from(row.bytes, "base64");
    assertFileSize(row.path, bytes.byteLength, caps.maxFile);
    const used = perThread.get(row.threadId) ?? 0;
    assertThreadRoom(used, bytes.byteLength, caps.maxThread);
    perThread.set(row.threadId, used + bytes.byteLength);
    const type = await sniff(row.path, bytes);
    const measures =
      type.kind === "image"
        ? imageDimensions(row.path, bytes)
        : type.kind === "pdf"
          ? { pages: (await extractPdfText(bytes))?.pages ?? null }
          : {};
    out.push({ ...row, ...measures, mediaType: type.mediaType, size: bytes.byteLength });
  }
  return out;
}

/** One attachment's bytes into `store` and its row, inside the import's transaction. */
export async function writeAttachment(tx: Tx, store: ByteStore, row: PlannedAttachment, addedBy: string): Promise<void> {
  const { bytes, field: _field, ...facts } = row;
  const storageKey = await store.put(tx, Buffer.from(bytes, "base64"));
  await tx.attachment.create({ data: { ...facts, addedBy, storage: store.kind, storageKey } });
}
