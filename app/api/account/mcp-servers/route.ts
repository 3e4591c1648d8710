import { currentCaller, currentUserId } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { addUserServer, listUserServers } from "@/lib/mcp/user-servers";
import { addUserServerSchema } from "@/lib/mcp/request-schemas";
import { config } from "@/lib/config";

/** A person's own MCP servers: never their secrets. Only a signed-in account has them. */
async function accountId(): Promise<string> {
  const caller = await currentCaller();
  if (caller.kind !== "account") throw new AppError("unauthorized", "Sign in to add MCP servers of your own.");
  // The one door for a write's caller: counts it against the write limit and makes the User row.
  return currentUserId();
}

export const GET = handler(async () => {
  const userId = await accountId();
  return Response.json({ enabled: config().MCP_USER_SERVERS === "on", servers: await listUserServers(userId) });
});

export const POST = handler(async (req) => {
  const userId = await accountId();
  const body = await parseBody(req, addUserServerSchema, 16_384);
  return Response.json({ server: await addUserServer(userId, body) }, { status: 201 });
});
