import { downloadHeaders } from "@/lib/attachments/disposition";
import { readAttachment } from "@/lib/attachments/read";
import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";
import { attachmentQuerySchema } from "@/lib/http/schemas";

/** The bytes of attachments/<name>, with the sniffed type; `?download=1` always as a download. */
export const GET = handler<{ id: string; name: string }>(async (req, { id, name }) => {
  const { download } = parseQuery(req, attachmentQuerySchema);
  const file = await readAttachment(await currentUserId(), id, name);
  return new Response(Buffer.from(file.bytes), { headers: downloadHeaders(file.mediaType, file.fileName, { download: download === "1" }) });
});
