import { currentUserId } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { workspaceForThread } from "@/lib/workspace/access";
import { listFiles } from "@/lib/workspace/store";
import { listDeletedFiles } from "@/lib/workspace/undelete";

// ?deleted=1: the deleted files instead of the live ones (lib/workspace/http.ts lists the scheme).
export const GET = handler<{ id: string }>(async (req, { id }) => {
  const workspaceId = await workspaceForThread(await currentUserId(), id);
  const deleted = new URL(req.url).searchParams.get("deleted");
  if (deleted === "1") return Response.json({ deleted: await listDeletedFiles(workspaceId) });
  if (deleted !== null) throw new AppError("invalid_body", 'Invalid query parameter "deleted": must be "1"', { field: "deleted" });
  return Response.json({ files: await listFiles(workspaceId) });
});
