import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { mcpToolModeSchema } from "@/lib/mcp/request-schemas";
import { setOwnMcpMode } from "@/lib/mcp/policy-store";
import { threadMcpPolicy } from "@/lib/mcp/policy-view";

/** The thread's MCP tools with their modes (allow, ask, never). */
export const GET = handler<{ id: string }>(async (_req, { id }) => {
  return Response.json(await threadMcpPolicy(await currentUserId(), id));
});

/** Sets one tool's mode in this thread; answers with the whole list as it now stands. */
export const PUT = handler<{ id: string }>(async (req, { id }) => {
  const userId = await currentUserId();
  const { tool, mode } = await parseBody(req, mcpToolModeSchema, 1_024);
  await setOwnMcpMode(userId, id, tool, mode);
  return Response.json(await threadMcpPolicy(userId, id));
});
