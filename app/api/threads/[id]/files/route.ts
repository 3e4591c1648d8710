import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { workspaceForThread } from "@/lib/workspace/access";
import { listFiles } from "@/lib/workspace/store";

export const GET = handler<{ id: string }>(async (_req, { id }) => {
  const workspaceId = await workspaceForThread(await currentUserId(), id);
  return Response.json({ files: await listFiles(workspaceId) });
});
