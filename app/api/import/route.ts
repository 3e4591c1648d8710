import { currentUserId } from "@/lib/auth/session";
import { afterResponse } from "@/lib/background/after-response";
import { importExport, importOptions } from "@/lib/export/import";
import { compactLongImports } from "@/lib/export/import-compaction";
import { withImportFile } from "@/lib/export/import-file";
import { handler } from "@/lib/http/handler";
import { ownOrigin } from "@/lib/http/own-origin";

/**
 * Multipart, one `file` field: our own JSON export (one chat or a whole account), a ChatGPT export
 * (its conversations.json, or the zip holding it) or a Claude export's conversations.json, told
 * apart by content. 201 with the new threads' ids; the same file again is 200 with
 * `duplicate: true` and the threads the first import made (the person lands on them either way, so
 * a repeat is not an error). Threads past the compaction threshold are compacted in the background.
 */
export const POST = handler(
  async (req) => {
    const userId = await currentUserId();
    const result = await withImportFile(req, importOptions(userId), ({ hash, spool }) => importExport(userId, hash, spool));
    if (!result.duplicate) {
      const origin = ownOrigin(req) ?? undefined;
      afterResponse("compaction after an import", () => compactLongImports(result.threadIds, origin));
    }
    return Response.json(result, { status: result.duplicate ? 200 : 201 });
  },
  { body: "multipart" },
);
