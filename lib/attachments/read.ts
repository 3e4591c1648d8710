import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { workspaceForThread } from "@/lib/workspace/access";
import { normalizePath } from "@/lib/workspace/paths";
import { ATTACHMENTS_DIR } from "./naming";
import { storeFor } from "./storage";

/*
 * An attachment's bytes, for the owner of a thread in its workspace only (another user's thread
 * is a 404, like every thread route). The workspace is the record: once its file is deleted the
 * attachment is gone too, even though its row and bytes are kept.
 */

export type AttachmentBytes = { bytes: Uint8Array; mediaType: string; fileName: string };

export async function readAttachment(userId: string, threadId: string, name: string): Promise<AttachmentBytes> {
  const workspaceId = await workspaceForThread(userId, threadId);
  const path = normalizePath(`${ATTACHMENTS_DIR}/${name}`);
  const [row, file] = await Promise.all([
    db().attachment.findUnique({ where: { workspaceId_path: { workspaceId, path } } }),
    db().workspaceFile.findFirst({ where: { workspaceId, path, deletedAt: null }, select: { id: true } }),
  ]);
  if (!row || !file) throw notFound("Attachment");
  const bytes = await storeFor(row.storage).get(row.storageKey);
  if (!bytes) throw notFound("Attachment");
  return { bytes, mediaType: row.mediaType, fileName: path.slice(ATTACHMENTS_DIR.length + 1) };
}
