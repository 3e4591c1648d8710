import { db } from "@/lib/db/client";
import type { AttachmentRef } from "@/lib/context";
import { storeFor } from "./storage";

/*
 * The shell half of sending images to the model (lib/context/attachment-parts.ts decides which):
 * the bytes of the image attachments in the messages about to be sent, as data URLs by path. Only
 * messages of the recent span are ever passed here, so an image before the cut is never loaded.
 * An attachment whose row or bytes are gone is left out; its note still names the path.
 */

export async function loadImageInputs(workspaceId: string, refs: AttachmentRef[]): Promise<Map<string, string>> {
  const images = new Map<string, string>();
  if (refs.length === 0) return images;
  const rows = await db().attachment.findMany({ where: { workspaceId, path: { in: [...new Set(refs.map((r) => r.path))] } } });
  for (const row of rows) {
    const bytes = await storeFor(row.storage).get(row.storageKey);
    if (bytes) images.set(row.path, `data:${row.mediaType};base64,${Buffer.from(bytes).toString("base64")}`);
  }
  return images;
}
