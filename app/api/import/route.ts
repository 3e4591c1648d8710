import { currentUserId } from "@/lib/auth/session";
import { importExport } from "@/lib/export/import";
import { readImportFile } from "@/lib/export/import-file";
import { handler } from "@/lib/http/handler";

/**
 * Multipart, one `file` field: our own JSON export (one chat or a whole account). 201 with the new
 * threads' ids; the same file again is 200 with `duplicate: true` and the threads the first import
 * made (the person lands on them either way, so a repeat is not an error).
 */
export const POST = handler(
  async (req) => {
    const { bytes, doc } = await readImportFile(req);
    const result = await importExport(await currentUserId(), bytes, doc);
    return Response.json(result, { status: result.duplicate ? 200 : 201 });
  },
  { body: "multipart" },
);
