import { addAttachments } from "@/lib/attachments/add";
import { readUploads } from "@/lib/attachments/request";
import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";

/**
 * Multipart, one or more `file` fields: each becomes a workspace file under attachments/ (a PDF
 * also gets its text as attachments/<name>.md). 201 with `{ attachments: [{ path, mediaType, size,
 * textPath }] }`. A refused type is a 415, a file, request or thread past its cap a 413, another
 * user's thread a 404; nothing is written then.
 */
export const POST = handler<{ id: string }>(
  async (req, { id }) => {
    const userId = await currentUserId();
    const uploads = await readUploads(req);
    const attachments = await addAttachments(userId, id, uploads);
    return Response.json({ attachments }, { status: 201 });
  },
  { body: "multipart" },
);
