import { currentUserId } from "@/lib/auth/session";
import { downloadResponse } from "@/lib/export/download";
import { threadMarkdown } from "@/lib/export/markdown";
import { exportThread } from "@/lib/export/read-export";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";
import { exportQuerySchema } from "@/lib/http/schemas";

/** `?format=md` (default): the chat to read; `?format=json`: everything that makes it resumable, for POST /api/import. */
export const GET = handler<{ id: string }>(async (req, { id }) => {
  const { format } = parseQuery(req, exportQuerySchema);
  const doc = await exportThread(await currentUserId(), id);
  const thread = doc.threads[0];
  const body = format === "json" ? JSON.stringify(doc, null, 1) : threadMarkdown(thread, doc);
  return downloadResponse(body, thread.title, format);
});
