import { ATTACHMENT_PART, type AttachmentRef } from "@/lib/context";
import { db } from "@/lib/db/client";
import type { MessagePart } from "@/lib/db/messages";
import { AppError } from "@/lib/errors";
import { workspaceForThread } from "@/lib/workspace/access";
import { normalizePath } from "@/lib/workspace/paths";

/*
 * The attachments a new message names (by workspace path, as the upload answered them) -> the
 * parts stored on it. Each must be an attachment of the thread's workspace whose file is still
 * live; anything else is a 400 naming the path, and nothing is sent.
 */

export async function attachmentParts(userId: string, threadId: string, rawPaths: string[]): Promise<MessagePart[]> {
  if (rawPaths.length === 0) return [];
  const workspaceId = await workspaceForThread(userId, threadId);
  const paths = [...new Set(rawPaths.map((p) => normalizePath(p)))];
  const [rows, live] = await Promise.all([
    db().attachment.findMany({ where: { workspaceId, path: { in: paths } } }),
    db().workspaceFile.findMany({ where: { workspaceId, path: { in: paths }, deletedAt: null }, select: { path: true } }),
  ]);
  const livePaths = new Set(live.map((f) => f.path));
  return paths.map((path) => {
    const row = rows.find((r) => r.path === path);
    if (!row || !livePaths.has(path)) {
      throw new AppError("invalid_body", `Invalid field "attachments": "${path}" is not an attachment of this chat's workspace.`, {
        field: "attachments",
        path,
      });
    }
    const data: AttachmentRef = {
      path,
      mediaType: row.mediaType,
      size: row.size,
      width: row.width,
      height: row.height,
      pages: row.pages,
      textPath: row.mediaType === "application/pdf" ? `${path}.md` : null,
    };
    return { type: ATTACHMENT_PART, data };
  });
}
