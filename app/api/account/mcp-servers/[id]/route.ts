import { currentCaller } from "@/lib/auth/session";
import { notFound } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { removeUserServer } from "@/lib/mcp/user-servers";

/** Removes one of the caller's MCP servers; anyone else's (or none) is a 404. */
export const DELETE = handler<{ id: string }>(async (_req, { id }) => {
  const caller = await currentCaller();
  if (caller.kind !== "account") throw notFound("MCP server");
  await removeUserServer(caller.userId, id);
  return new Response(null, { status: 204 });
});
