import { currentUserId } from "@/lib/auth/session";
import { createThread, listThreads } from "@/lib/db/threads";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { createThreadSchema } from "@/lib/http/schemas";

/** `?archived=1`: the archived chats instead. */
export const GET = handler(async (req) => {
  const userId = await currentUserId();
  const archived = new URL(req.url).searchParams.get("archived") === "1";
  return Response.json({ threads: await listThreads(userId, { archived }) });
});

export const POST = handler(async (req) => {
  const userId = await currentUserId();
  const body = await parseBody(req, createThreadSchema, 4096, { optional: true });
  const thread = await createThread(userId, body.title, { workspaceOf: body.workspaceOf });
  return Response.json({ id: thread.id, thread }, { status: 201 });
});
