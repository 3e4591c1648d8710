import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { getOwnedThread } from "@/lib/db/threads";
import { publishWorkspaceChange } from "@/lib/events/publish";
import { lockWorkspace, TX_OPTIONS, writeTx } from "@/lib/workspace/write-tx";
import { assertThreadRoom } from "./caps";
import { ATTACHMENTS_DIR, freePath } from "./naming";
import { prepareUpload, type Prepared } from "./prepare";
import { currentStore } from "./storage";
import type { Upload, Written } from "./types";

/*
 * Attaching files to a thread: each becomes a workspace file under attachments/ (plus a Markdown
 * sibling for a PDF), an Attachment row and its bytes, all in ONE transaction that holds the
 * workspace lock (lockWorkspace), so the per-thread cap and the free names hold with concurrent
 * uploads on two app instances. A request's files are attached together or not at all.
 */

export async function addAttachments(userId: string, threadId: string, uploads: Upload[]): Promise<Written[]> {
  const { workspaceId } = await getOwnedThread(userId, threadId);
  const { MAX_ATTACHMENT_BYTES: maxFile, MAX_THREAD_ATTACHMENT_BYTES: maxThread } = config();
  const prepared: Prepared[] = [];
  for (const upload of uploads) prepared.push(await prepareUpload(upload, maxFile, "the person (this chat's owner)"));
  const adding = prepared.reduce((sum, p) => sum + p.bytes.byteLength, 0);
  const store = currentStore();

  const written = await db().$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const used = await tx.attachment.aggregate({ where: { threadId }, _sum: { size: true } });
    assertThreadRoom(used._sum.size ?? 0, adding, maxThread);
    const [files, attached] = await Promise.all([
      tx.workspaceFile.findMany({
        where: { workspaceId, path: { startsWith: `${ATTACHMENTS_DIR}/` }, deletedAt: null },
        select: { path: true },
      }),
      tx.attachment.findMany({ where: { workspaceId }, select: { path: true } }),
    ]);
    const taken = new Set([...files, ...attached].map((r) => r.path));
    const out: Written[] = [];
    for (const p of prepared) {
      const path = freePath(p.name, (candidate) => taken.has(candidate) || (p.sibling !== null && taken.has(`${candidate}.md`)));
      const textPath = p.sibling === null ? null : `${path}.md`;
      taken.add(path);
      if (textPath) taken.add(textPath);
      const storageKey = await store.put(tx, p.bytes);
      const size = p.bytes.byteLength;
      await tx.attachment.create({
        data: {
          ...{ workspaceId, threadId, path, mediaType: p.type.mediaType, size, ...p.measures },
          ...{ addedBy: userId, storage: store.kind, storageKey },
        },
      });
      const write = { baseVersion: null, author: "person", maxBytes: maxFile } as const;
      await writeTx(tx, workspaceId, { ...write, path, content: p.content(path) });
      if (textPath && p.sibling !== null) await writeTx(tx, workspaceId, { ...write, path: textPath, content: p.sibling });
      out.push({ path, mediaType: p.type.mediaType, size, textPath });
    }
    return out;
  }, TX_OPTIONS);

  for (const w of written) {
    for (const path of [w.path, w.textPath]) {
      if (path) void publishWorkspaceChange(workspaceId, { type: "file.changed", path, version: null });
    }
  }
  return written;
}
